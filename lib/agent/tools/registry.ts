import type { ToolSpec } from "@/lib/agent/model/provider";
import { answerPolicyQuestionTool } from "./answer-policy-question.tool";
import { checkRefundPolicyTool } from "./check-refund-policy.tool";
import { toToolSpec } from "./execute-tool-call";
import { handOffToPersonTool } from "./hand-off-to-person.tool";
import { leaveTeamNoteTool } from "./leave-team-note.tool";
import { lookupOrderTool } from "./lookup-order.tool";
import { openBillingDisputeTool } from "./open-billing-dispute.tool";
import { proposeRefundTool } from "./propose-refund.tool";
import { sendCustomerMessageTool } from "./send-customer-message.tool";
import type { AgentTool } from "./tool-types";

const tools: AgentTool[] = [
  lookupOrderTool,
  checkRefundPolicyTool,
  proposeRefundTool,
  answerPolicyQuestionTool,
  openBillingDisputeTool,
  sendCustomerMessageTool,
  leaveTeamNoteTool,
  handOffToPersonTool,
] as AgentTool[];

export const AGENT_TOOLS: ReadonlyMap<string, AgentTool> = new Map(
  tools.map((tool) => [tool.name, tool]),
);

let specs: ToolSpec[] | undefined;

export function agentToolSpecs(): ToolSpec[] {
  specs ??= tools.map(toToolSpec);
  return specs;
}
