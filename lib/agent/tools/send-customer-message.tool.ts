import { z } from "zod";
import {
  type ClaimProblem,
  checkCustomerMessageClaims,
} from "@/lib/domain/check-customer-message-claims";
import type { ClaimFacts } from "@/lib/domain/claim-facts";
import {
  type ClaimStatement,
  claimStatementSchema,
  renderClaimStatement,
} from "@/lib/domain/claim-statements";
import { normalizeMessageText } from "@/lib/domain/normalize-message-text";
import { refuseUnreadable } from "./refuse-unreadable";
import { defineTool, ToolError, toolIdempotencyKey } from "./tool-types";

export const SUPPORT_SIGNATURE = "— Countersign Support";

export const sendCustomerMessageSchema = z.object({
  body: z
    .string()
    .max(4000)
    .optional()
    .describe(
      "Your own words to the customer, in Markdown, without amounts, outcomes, dates or ids (may be left out when statements say it all). No signature: it is added automatically.",
    ),
  statements: z
    .array(claimStatementSchema)
    .max(5)
    .optional()
    .describe(
      "Facts about money that code writes from the records and adds after the body: the open quote, a refund's status, waiting for an approver, a denial with its policy sections, an opened billing review. Pass only kinds and ids, never amounts.",
    ),
});

// There is no recipient argument on purpose: the only possible recipient is this conversation's
// verified customer, so a prompt injection cannot redirect a reply.
export const sendCustomerMessageTool = defineTool({
  name: "send_customer_message",
  description:
    "Send a reply to the customer of this conversation (chat message, or an email for email tickets). The signature is added by the system. Code reads every sentence of the body first: a sentence about money, a refund, a payment, an approval, a confirmation, an outcome, a date or a timeline is sent only if it is one the code can verify against the records, so say such facts with `statements` instead. A message that fails is not sent and you get the sentences and reasons back.",
  schema: sendCustomerMessageSchema,
  async execute(args, context) {
    const { conversation } = context;
    const body = normalizeMessageText(args.body ?? "");
    const statements = args.statements ?? [];
    if (body === "" && statements.length === 0) {
      throw new ToolError("The message has no visible text once HTML is removed.");
    }
    const facts = await context.services.loadClaimFacts();
    const check = checkCustomerMessageClaims(body, facts);
    if (!check.ok) throw refusal(check.problems, facts.actions);
    // Then sense, of the model's own words only (statements are rendered by code). Claims come
    // first: a refusal that names a money sentence or an internal id tells the model more.
    if (body !== "") refuseUnreadable(body, facts.previousAgentMessage, facts.language);
    const rendered = renderStatements(statements, facts);
    const text = [body, ...rendered].filter((part) => part !== "").join("\n\n");
    const { messageId } = await context.services.deliverCustomerMessage({
      body: `${text}\n\n${SUPPORT_SIGNATURE}`,
      dedupeKey: `tool:${toolIdempotencyKey(context)}`,
      now: context.now,
    });
    return { sent: true, messageId, channel: conversation.channel };
  },
});

function renderStatements(statements: readonly ClaimStatement[], facts: ClaimFacts): string[] {
  const texts: string[] = [];
  for (const statement of statements) {
    const rendered = renderClaimStatement(statement, facts);
    if (!rendered.ok) {
      throw new ToolError(
        `Not sent: the ${statement.kind} statement is not true of this conversation's records. ${rendered.reason}`,
        { actionStatuses: statusesOf(facts.actions) },
      );
    }
    if (!texts.includes(rendered.text)) texts.push(rendered.text);
  }
  return texts;
}

function refusal(problems: readonly ClaimProblem[], actions: ClaimFacts["actions"]): ToolError {
  return new ToolError(
    "Not sent: code could not verify some sentences of the body against this conversation's records. Remove or rephrase them, and put the facts about money in `statements`; then send again.",
    {
      problems: problems.map((problem) => ({
        code: problem.code,
        sentence: problem.text,
        why: problem.detail,
      })),
      actionStatuses: statusesOf(actions),
    },
  );
}

function statusesOf(actions: ClaimFacts["actions"]) {
  return actions.map((action) => ({
    actionId: action.id,
    items: action.quote.lines.map((line) => line.name),
    orderNumber: action.quote.orderNumber,
    status: action.status,
  }));
}
