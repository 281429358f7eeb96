import { z } from "zod";
import {
  type ClaimFacts,
  type ClaimProblem,
  checkCustomerMessageClaims,
} from "@/lib/domain/check-customer-message-claims";
import { normalizeMessageText } from "@/lib/domain/normalize-message-text";
import { refuseUnreadable } from "./refuse-unreadable";
import { defineTool, ToolError, toolIdempotencyKey } from "./tool-types";

export const SUPPORT_SIGNATURE = "— Countersign Support";

export const sendCustomerMessageSchema = z.object({
  body: z
    .string()
    .min(1)
    .max(4000)
    .describe(
      "The reply to the customer, in Markdown. No signature: it is added automatically. Quote amounts only as the tools returned them; state an outcome (approved, refunded…) only when an action's status says so; promise no dates; never show ids or quote hashes.",
    ),
});

// There is no recipient argument on purpose: the only possible recipient is this conversation's
// verified customer, so a prompt injection cannot redirect a reply.
export const sendCustomerMessageTool = defineTool({
  name: "send_customer_message",
  description:
    "Send a reply to the customer of this conversation (chat message, or an email for email tickets). The signature is added by the system. Before it is sent, code checks every amount, outcome, date and id in it against this conversation's records; a message that does not match is not sent and you get the reasons back.",
  schema: sendCustomerMessageSchema,
  async execute(args, context) {
    const { conversation } = context;
    const text = normalizeMessageText(args.body);
    if (text === "") throw new ToolError("The message has no visible text once HTML is removed.");
    await refuseUnreadable(text, context);
    const facts = await context.services.loadClaimFacts();
    const check = checkCustomerMessageClaims(text, facts);
    if (!check.ok) throw refusal(check.problems, facts.actions);
    const { messageId } = await context.services.deliverCustomerMessage({
      body: `${text}\n\n${SUPPORT_SIGNATURE}`,
      dedupeKey: `tool:${toolIdempotencyKey(context)}`,
      now: context.now,
    });
    return { sent: true, messageId, channel: conversation.channel };
  },
});

function refusal(problems: readonly ClaimProblem[], actions: ClaimFacts["actions"]): ToolError {
  return new ToolError(
    "Not sent: the message states things that do not match this conversation's records. Rewrite it so that every amount, outcome and date is true now, and send it again.",
    {
      problems: problems.map((problem) => ({
        code: problem.code,
        text: problem.text,
        fix: problem.detail,
      })),
      actionStatuses: actions.map((action) => ({
        items: action.quote.lines.map((line) => line.name),
        orderNumber: action.quote.orderNumber,
        status: action.status,
        netRefundCents: action.quote.netRefundCents,
      })),
    },
  );
}
