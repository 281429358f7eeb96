import { describeRefusedLines, REFUND_TIMELINE_PHRASE } from "@/lib/domain/customer-phrases";
import { formatMoney } from "@/lib/domain/money";
import type { ActionSnapshot } from "./provider";

// The offline agent's wording. Every amount is read from a tool result or a stored quote, every
// outcome from the action's stored status, and the only timeline is REFUND_TIMELINE_PHRASE: the
// same rules the supervisor holds every model to.

export type ToolResultJson = Record<string, unknown> & { error?: string };

export type RefusedLine = { message: string; sectionId: string };

type PolicySectionResult = { id: string; title: string; text: string };

// An email request goes straight to a staff approver; the customer hears now what was asked for,
// what is not included and why, and that a person decides next.
export function approvalQueuedReply(
  orderNumber: string,
  quoteMarkdown: string,
  refused: readonly RefusedLine[],
  returnFees: readonly string[],
): string {
  return [
    `Thank you for your message. I've prepared a refund for order ${orderNumber}, and it is now waiting for approval by our team:`,
    "",
    quoteMarkdown,
    ...feesAndRefusals(refused, returnFees),
    "",
    "Nothing has been refunded yet. I'll email you as soon as it's decided.",
  ].join("\n");
}

function feesAndRefusals(refused: readonly RefusedLine[], returnFees: readonly string[]): string[] {
  return [
    ...(returnFees.length > 0 ? ["", ...returnFees] : []),
    ...(refused.length > 0
      ? ["", "Not included:", ...describeRefusedLines(refused).map((line) => `- ${line}`)]
      : []),
  ];
}

export function denialReply(reasons: { message: string; sectionId: string }[]): string {
  return [
    "I'm sorry, I can't offer a refund for this request under our refund policy:",
    ...describeRefusedLines(reasons).map((line) => `- ${line}`),
    "",
    "If something about the order is different from what I see, reply and I'll take another look.",
  ].join("\n");
}

export function policyAnswerReply(
  sections: PolicySectionResult[],
  onHold?: ActionSnapshot,
): string {
  const quoted = sections
    .slice(0, 2)
    .flatMap((section) => [`**${section.id} ${section.title}**`, `> ${section.text}`, ""]);
  const hold = onHold
    ? [
        `Your refund of ${formatMoney(onHold.netRefundCents, onHold.currency)} for ${onHold.lineNames.join(", ")} is on hold and nothing has been refunded yet. When you're ready, say "go ahead" and I'll show you the quote again to confirm.`,
      ]
    : [];
  return ["Here is what our refund policy says:", "", ...quoted, ...hold].join("\n").trim();
}

export function statusReply(action: ActionSnapshot | undefined, intent: string): string {
  if (!action)
    return "There is no refund waiting for your confirmation right now. Tell me which item you'd like to return and why.";
  const amount = formatMoney(action.netRefundCents, action.currency);
  const items = action.lineNames.join(", ");
  switch (action.status) {
    case "executed":
      return `Done: your refund of ${amount} for ${items} has been issued to your original payment method. ${REFUND_TIMELINE_PHRASE}`;
    case "awaiting_approval":
      return intent === "confirm"
        ? `Thank you for confirming. Refunds of this size need a quick check by our team, so your refund of ${amount} for ${items} is now waiting for approval. I'll let you know as soon as it's decided.`
        : `Your refund of ${amount} for ${items} is waiting for approval by our team. I'll let you know as soon as it's decided.`;
    case "approved":
    case "executing":
      return `Your refund of ${amount} for ${items} has been approved and is being processed.`;
    case "needs_reconciliation":
      return `Your refund of ${amount} for ${items} is being processed; our team is confirming it with the payment provider.`;
    case "declined":
      return "No problem, I've cancelled that quote and nothing will be refunded. Let me know if there's anything else I can help with.";
    case "expired":
      return "That quote has expired, so nothing was refunded. If you'd still like a refund, just tell me again which item and why, and I'll prepare a fresh quote.";
    case "rejected":
      return rejectionReply(action, `${amount} for ${items}`);
    case "superseded":
      return "That earlier quote was replaced by your newer request, so it can no longer be confirmed.";
    case "suspended":
      return `Your refund of ${amount} for ${items} is on hold. Say "go ahead" when you want to continue.`;
    case "failed":
      return `We could not complete your refund of ${amount} for ${items}, so no money has moved. Our team has been notified and will follow up.`;
    default:
      // The quote itself reaches the customer only in the system's own quote message.
      return intent === "confirm"
        ? "I still need your confirmation of the quote shown above: reply **yes** to confirm it or **no** to cancel."
        : "Please check the quote shown above: reply **yes** to confirm this exact refund, or **no** to cancel.";
  }
}

// The approver's note is the explanation the customer is owed; it is quoted verbatim (staff wrote
// it for the customer) so the agent adds no reasons or promises of its own.
function rejectionReply(action: ActionSnapshot, refund: string): string {
  const note = action.decision?.kind === "rejected" ? action.decision.note?.trim() : undefined;
  const decided = `Our team reviewed your refund of ${refund} and could not approve it, so no refund was made.`;
  if (!note) return `${decided} A team member will follow up with the details.`;
  return [
    decided,
    "",
    "The reason our reviewer gave:",
    "",
    ...note.split(/\r?\n/).map((line) => `> ${line}`),
    "",
    "If you have a question about this decision, just reply here.",
  ].join("\n");
}

export function disputeReply(result: ToolResultJson): string {
  if (result.error) {
    const refused = (result.refused as { message: string }[] | undefined) ?? [];
    return [
      "I couldn't open a billing review for that:",
      ...refused.map((item) => `- ${item.message}`),
      "",
      "Could you check the charge id on your statement (it looks like CH-12345)?",
    ].join("\n");
  }
  const refused = (result.refused as { message: string }[] | undefined) ?? [];
  const ids = (result.chargeIds as string[]).join(" and ");
  const category =
    result.category === "duplicate_charge"
      ? "a possible duplicate charge"
      : "a possibly wrong amount";
  return [
    `I've opened a billing review for ${ids} (${String(result.amount)} in question, flagged as ${category}). Our billing team will look into it and contact you with the outcome.`,
    ...(refused.length > 0 ? ["", ...refused.map((item) => `- ${item.message}`)] : []),
    "",
    "I can't promise a credit or a date before the review is done, but the ticket is open and nothing more is needed from you right now.",
  ].join("\n");
}

export const AUTHORITY_REPLY =
  "Thanks for letting me know. I can't accept approvals in chat: only our staff can approve a refund, in our approval system, and each refund needs your confirmation of its exact quote. Nothing has changed on your account.";

export const PUSHBACK_REPLY =
  "I understand this is frustrating, and I'm sorry for the trouble. The amount comes from our refund policy and I can't change it, but I've passed your message to our team, and a person will review your case.";

export const FALLBACK_REPLY =
  "I can help with refunds, returns and billing questions. Which item or charge is this about, and what went wrong?";

export const ASK_ITEM_REPLY =
  "I'd be happy to help with a return. Which item would you like to return, and what's the reason (for example damaged, wrong item, too small or too large, or no longer needed)?";

export const UNKNOWN_SENDER_REPLY =
  "Thanks for writing. I couldn't find a customer account for this email address, so I can't look up or refund an order from here. Please write to us from the email address you used when ordering and I'll take it from there. I'm happy to answer any questions about our refund policy in the meantime.";
