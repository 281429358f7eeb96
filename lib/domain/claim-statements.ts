import { z } from "zod";
import { type ClaimAction, type ClaimFacts, type ClaimRefund, latestActionIn } from "./claim-facts";
import {
  CHARGE_REFERENCE_HELP,
  DISPUTE_NOT_OPENED,
  describeProviderReason,
  describeRefusedLines,
  describeReturnFees,
  REFUND_FAILED_NEXT_STEP,
  REFUND_TIMELINE_PHRASE,
} from "./customer-phrases";
import { formatMoney } from "./money";
import { orderNotFoundText, ordersNotOnAccount } from "./not-on-account";
import { hasFailed, isPaid } from "./refund-state";

/*
 * The statements that carry money, phrased by code from the records. The agent names a statement
 * and at most an action to which it refers; amounts, items, states and dates come from the
 * records, so a statement is true when it is rendered or it is not rendered at all.
 */

const actionRef = z
  .string()
  .min(1)
  .max(100)
  .optional()
  .describe("The action id from a tool result; omit for the conversation's latest action.");

export const claimStatementSchema = z.discriminatedUnion("kind", [
  z
    .object({ kind: z.literal("open_quote") })
    .describe("The quote the customer can still confirm: its items, amount and how to answer."),
  z
    .object({ kind: z.literal("refund_status"), actionId: actionRef })
    .describe(
      "Where a refund stands now, as the payment provider last reported it (waiting, approved, processing, refunded, rejected, failed…).",
    ),
  z
    .object({ kind: z.literal("waiting_for_approver"), actionId: actionRef })
    .describe("A confirmed refund waiting for a staff approver; nothing refunded yet."),
  z
    .object({
      kind: z.literal("denial"),
      policySectionIds: z
        .array(z.string().min(1).max(10))
        .min(1)
        .max(4)
        .describe('The policy sections the refusal rests on, e.g. ["§3"].'),
    })
    .describe("The request cannot be refunded under the named policy sections."),
  z
    .object({
      kind: z.literal("order_not_found"),
      orderNumber: z
        .string()
        .min(1)
        .max(40)
        .optional()
        .describe("The order number the customer gave, e.g. A1099."),
    })
    .describe(
      "The order the customer named is not on their account (whether or not it exists), and the orders that are.",
    ),
  z
    .object({ kind: z.literal("dispute_opened") })
    .describe("The billing review opened for the customer's charges, and what happens next."),
  z
    .object({ kind: z.literal("dispute_not_opened") })
    .describe(
      "The billing review could not be opened, with the reasons open_billing_dispute gave.",
    ),
]);

export type ClaimStatement = z.infer<typeof claimStatementSchema>;

export type RenderedStatement = { ok: true; text: string } | { ok: false; reason: string };

export function renderClaimStatement(
  statement: ClaimStatement,
  facts: ClaimFacts,
): RenderedStatement {
  switch (statement.kind) {
    case "open_quote": {
      const action = latestActionIn(facts, ["awaiting_confirmation"]);
      if (!action) return { ok: false, reason: "No quote is waiting for the customer's answer." };
      return { ok: true, text: openQuoteText(action, facts.channel) };
    }
    case "refund_status": {
      const action = findAction(facts, statement.actionId);
      if (!action) return { ok: false, reason: noAction(statement.actionId) };
      return { ok: true, text: refundStatusText(action, facts.channel) };
    }
    case "waiting_for_approver": {
      const action =
        statement.actionId === undefined
          ? latestActionIn(facts, ["awaiting_approval"])
          : findAction(facts, statement.actionId);
      if (action?.status !== "awaiting_approval") {
        return { ok: false, reason: "No refund here is waiting for an approver." };
      }
      return { ok: true, text: waitingText(action) };
    }
    case "denial": {
      const sections = statement.policySectionIds.map((id) =>
        facts.policy.sections.find((section) => section.id === id.trim()),
      );
      if (sections.some((section) => section === undefined)) {
        const known = facts.policy.sections.map((section) => section.id).join(", ");
        return { ok: false, reason: `Unknown policy section; the sections are ${known}.` };
      }
      const cited = sections.map((section) => `${section?.id} ${section?.title}`).join("; ");
      const ids = new Set(sections.map((section) => section?.id));
      const reasons = describeRefusedLines(
        facts.policyRefusals.filter((reason) => ids.has(reason.sectionId)),
      );
      return {
        ok: true,
        text: [
          `I'm sorry, I can't offer a refund for this request under our refund policy (${cited}).`,
          ...reasons.map((reason) => `- ${reason}`),
        ].join("\n"),
      };
    }
    case "order_not_found":
      return orderNotFoundText(facts, statement.orderNumber);
    case "dispute_not_opened": {
      if (facts.disputeRefusals.length === 0) {
        return { ok: false, reason: "No billing review request here was refused." };
      }
      return {
        ok: true,
        text: [
          `${DISPUTE_NOT_OPENED}:`,
          ...facts.disputeRefusals.map((reason) => `- ${reason}`),
          "",
          CHARGE_REFERENCE_HELP,
        ].join("\n"),
      };
    }
    case "dispute_opened": {
      const dispute = facts.disputes.findLast((candidate) => candidate.status !== "resolved");
      if (!dispute) return { ok: false, reason: "No billing review is open in this conversation." };
      const amount = formatMoney(dispute.amountCents, dispute.currency);
      const category =
        dispute.category === "duplicate_charge"
          ? "a possible duplicate charge"
          : "a possibly wrong amount";
      return {
        ok: true,
        text: `I've opened a billing review for ${dispute.chargeReferences.join(" and ")} (${amount} in question, flagged as ${category}). Our billing team will look into it and contact you with the outcome; I can't promise a credit or a date before the review is done.`,
      };
    }
  }
}

/** Every text a statement could render from these facts (denials aside), for reading the body. */
export function renderableStatementTexts(facts: ClaimFacts): string[] {
  const texts = facts.actions.flatMap((action) => [
    refundStatusText(action, facts.channel),
    ...(action.status === "awaiting_approval" ? [waitingText(action)] : []),
  ]);
  const statements: ClaimStatement[] = [
    { kind: "open_quote" },
    { kind: "order_not_found" },
    ...ordersNotOnAccount(facts).map(
      (orderNumber): ClaimStatement => ({ kind: "order_not_found", orderNumber }),
    ),
    { kind: "dispute_opened" },
    { kind: "dispute_not_opened" },
  ];
  for (const statement of statements) {
    const rendered = renderClaimStatement(statement, facts);
    if (rendered.ok) texts.push(rendered.text);
  }
  return texts;
}

/**
 * What code tells a customer whose message got no sendable reply: where their open or paused
 * quote stands, or that a person will answer.
 */
export function renderHoldingReply(facts: ClaimFacts): string {
  const current = latestActionIn(facts, ["awaiting_confirmation", "suspended"]);
  return current
    ? refundStatusText(current, facts.channel)
    : "A member of our team will reply here shortly.";
}

function findAction(facts: ClaimFacts, actionId: string | undefined): ClaimAction | undefined {
  if (actionId === undefined) return facts.actions.at(-1);
  const wanted = actionId.trim().toLowerCase();
  return facts.actions.find((action) => action.id.toLowerCase() === wanted);
}

function noAction(actionId: string | undefined): string {
  return actionId === undefined
    ? "There is no refund in this conversation yet."
    : "No action in this conversation has that id.";
}

function refundOf(action: ClaimAction): string {
  const { quote } = action;
  return `${formatMoney(quote.netRefundCents, quote.currency)} for ${quote.lines.map((line) => line.name).join(", ")}`;
}

function openQuoteText(action: ClaimAction, channel: ClaimFacts["channel"]): string {
  const { quote } = action;
  const items = quote.lines.map((line) => line.name).join(", ");
  const amount = formatMoney(quote.netRefundCents, quote.currency);
  const answer =
    channel === "chat" ? "use Confirm or Decline" : "reply yes to confirm it or no to decline it";
  return `Your quote for ${items} (${amount}) is still open; ${answer}, or tell me what you'd like instead.`;
}

// What the approver will decide on, in full: the fees deducted and the lines left out, and why.
function waitingText(action: ClaimAction): string {
  const fees = describeReturnFees(action.quote);
  const refused = describeRefusedLines(action.refusedLines);
  return [
    `Your refund of ${refundOf(action)} is waiting for approval by our team; nothing has been refunded yet. I'll let you know as soon as it's decided.`,
    ...(fees.length > 0 ? ["", ...fees] : []),
    ...(refused.length > 0 ? ["", "Not included:", ...refused.map((line) => `- ${line}`)] : []),
  ].join("\n");
}

function refundStatusText(action: ClaimAction, channel: ClaimFacts["channel"]): string {
  const refund = refundOf(action);
  if (action.refund) return providerStateText(action, action.refund);
  switch (action.status) {
    // Executed without a refund record: nothing backs "paid", so only what is certain is said.
    case "executed":
    case "approved":
    case "executing":
      return `Your refund of ${refund} has been approved and is being processed.`;
    case "awaiting_approval":
      return waitingText(action);
    case "needs_reconciliation":
      return `Your refund of ${refund} is being processed; our team is confirming it with the payment provider.`;
    case "awaiting_confirmation":
    case "proposed":
      return openQuoteText(action, channel);
    case "suspended":
      return `Your refund of ${refund} is on hold and nothing has been refunded yet; say "go ahead" when you want to continue.`;
    case "declined":
      return `The quote of ${refund} was declined, so nothing will be refunded for it.`;
    case "expired":
      return `The quote of ${refund} expired, so nothing was refunded; ask again and I'll prepare a fresh quote.`;
    case "superseded":
      return `The quote of ${refund} was replaced by a newer request and can no longer be confirmed.`;
    case "rejected":
      return rejectedText(action, refund);
    case "failed":
      return `We could not complete your refund of ${refund}, so no money has moved. Our team has been notified and will follow up.`;
  }
}

/*
 * Once the provider accepted a refund, its own state is the only word on the money: "issued" only
 * when it says paid, "processing" while it is pending, and an apology with the next step when it
 * failed or was canceled — also after it was paid (the same words as refund-notices.ts).
 */
function providerStateText(action: ClaimAction, providerRefund: ClaimRefund): string {
  const refund = refundOf(action);
  const target = action.quote.refundTarget;
  if (isPaid(providerRefund.state)) {
    return `Done: your refund of ${refund} has been issued to ${target}. ${REFUND_TIMELINE_PHRASE}`;
  }
  if (!hasFailed(providerRefund.state)) {
    return `Your refund of ${refund} to ${target} is being processed by our payment processor; it has not reached your account yet. We'll let you know as soon as the processor confirms it.`;
  }
  const words = describeProviderReason(providerRefund.reason);
  const why = words ? ` — ${words}` : "";
  const happened = providerRefund.wasPaid
    ? `I'm sorry: the refund of ${refund} to ${target} that we told you about did not reach you after all${why}, and the money came back to us.`
    : `I'm sorry: the refund of ${refund} to ${target} did not go through${why}, so no money has reached your account.`;
  return [happened, "", REFUND_FAILED_NEXT_STEP].join("\n");
}

// The approver's note is the explanation the customer is owed, quoted as staff wrote it.
function rejectedText(action: ClaimAction, refund: string): string {
  const decided = `Our team reviewed your refund of ${refund} and could not approve it, so no refund was made.`;
  const note = action.rejectionNote?.trim();
  if (!note) return `${decided} A team member will follow up with the details.`;
  return [
    decided,
    "",
    "The reason our reviewer gave:",
    "",
    ...note.split(/\r?\n/).map((line) => `> ${line}`),
  ].join("\n");
}
