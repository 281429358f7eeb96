import { z } from "zod";
import { knownSentence } from "./catalogs/known-sentences";
import { STATEMENT_CATALOGS } from "./catalogs/statements";
import { type ClaimAction, type ClaimFacts, type ClaimRefund, latestActionIn } from "./claim-facts";
import {
  describeProviderReason,
  describeRefusedLines,
  describeReturnFees,
} from "./customer-phrases";
import { type Translate, translator } from "./i18n";
import { formatMoneyIn, type Language } from "./languages";
import { listItemsIn } from "./locale-format";
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

/** How statements are worded for one conversation: its language and channel. */
type Voice = { language: Language; t: Translate<keyof typeof STATEMENT_CATALOGS.en> };

function voiceOf(facts: Pick<ClaimFacts, "language">): Voice {
  return { language: facts.language, t: translator(STATEMENT_CATALOGS, facts.language) };
}

/** The statement in the conversation's language (`facts.language`); reasons are for the model. */
export function renderClaimStatement(
  statement: ClaimStatement,
  facts: ClaimFacts,
): RenderedStatement {
  const voice = voiceOf(facts);
  const { t } = voice;
  switch (statement.kind) {
    case "open_quote": {
      const action = latestActionIn(facts, ["awaiting_confirmation"]);
      if (!action) return { ok: false, reason: "No quote is waiting for the customer's answer." };
      return { ok: true, text: openQuoteText(voice, action, facts.channel) };
    }
    case "refund_status": {
      const action = findAction(facts, statement.actionId);
      if (!action) return { ok: false, reason: noAction(statement.actionId) };
      return { ok: true, text: refundStatusText(voice, action, facts.channel) };
    }
    case "waiting_for_approver": {
      const action =
        statement.actionId === undefined
          ? latestActionIn(facts, ["awaiting_approval"])
          : findAction(facts, statement.actionId);
      if (action?.status !== "awaiting_approval") {
        return { ok: false, reason: "No refund here is waiting for an approver." };
      }
      return { ok: true, text: waitingText(voice, action) };
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
        voice.language,
      );
      return {
        ok: true,
        text: [t("denial", { sections: cited }), ...reasons.map((reason) => `- ${reason}`)].join(
          "\n",
        ),
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
          `${knownSentence(voice.language, "dispute_not_opened")}:`,
          ...facts.disputeRefusals.map((reason) => `- ${reason}`),
          "",
          t("charge_reference_help"),
        ].join("\n"),
      };
    }
    case "dispute_opened": {
      const dispute = facts.disputes.findLast((candidate) => candidate.status !== "resolved");
      if (!dispute) return { ok: false, reason: "No billing review is open in this conversation." };
      return {
        ok: true,
        text: t("dispute_opened", {
          references: joinReferences(voice.language, dispute.chargeReferences),
          amount: formatMoneyIn(voice.language, dispute.amountCents, dispute.currency),
          category: dispute.category,
        }),
      };
    }
  }
}

// English has always joined charge references with "and" alone; other languages list them.
function joinReferences(language: Language, references: readonly string[]): string {
  if (language === "en") return references.join(" and ");
  return new Intl.ListFormat(language, { type: "conjunction" }).format(references);
}

/** Every text a statement could render from these facts (denials aside), for reading the body. */
export function renderableStatementTexts(facts: ClaimFacts): string[] {
  const voice = voiceOf(facts);
  const texts = facts.actions.flatMap((action) => [
    refundStatusText(voice, action, facts.channel),
    ...(action.status === "awaiting_approval" ? [waitingText(voice, action)] : []),
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
  const voice = voiceOf(facts);
  const current = latestActionIn(facts, ["awaiting_confirmation", "suspended"]);
  return current ? refundStatusText(voice, current, facts.channel) : voice.t("holding_reply");
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

function itemsOf(voice: Voice, action: ClaimAction): string {
  return listItemsIn(
    voice.language,
    action.quote.lines.map((line) => line.name),
  );
}

function amountOf(voice: Voice, action: ClaimAction): string {
  return formatMoneyIn(voice.language, action.quote.netRefundCents, action.quote.currency);
}

function refundOf(voice: Voice, action: ClaimAction): string {
  return voice.t("refund_of", { amount: amountOf(voice, action), items: itemsOf(voice, action) });
}

function openQuoteText(voice: Voice, action: ClaimAction, channel: ClaimFacts["channel"]): string {
  return voice.t("open_quote", {
    items: itemsOf(voice, action),
    amount: amountOf(voice, action),
    channel,
  });
}

// What the approver will decide on, in full: the fees deducted and the lines left out, and why.
function waitingText(voice: Voice, action: ClaimAction): string {
  const fees = describeReturnFees(action.quote, voice.language);
  const refused = describeRefusedLines(action.refusedLines, voice.language);
  return [
    voice.t("waiting_for_approver", { refund: refundOf(voice, action) }),
    ...(fees.length > 0 ? ["", ...fees] : []),
    ...(refused.length > 0
      ? ["", voice.t("not_included"), ...refused.map((line) => `- ${line}`)]
      : []),
  ].join("\n");
}

function refundStatusText(
  voice: Voice,
  action: ClaimAction,
  channel: ClaimFacts["channel"],
): string {
  const { t } = voice;
  const refund = refundOf(voice, action);
  if (action.refund) return providerStateText(voice, action, action.refund);
  switch (action.status) {
    // Executed without a refund record: nothing backs "paid", so only what is certain is said.
    case "executed":
    case "approved":
    case "executing":
      return t("approved_processing", { refund });
    case "awaiting_approval":
      return waitingText(voice, action);
    case "needs_reconciliation":
      return t("needs_reconciliation", { refund });
    case "awaiting_confirmation":
    case "proposed":
      return openQuoteText(voice, action, channel);
    case "suspended":
      return t("suspended", { refund });
    case "declined":
      return t("declined", { refund });
    case "expired":
      return t("expired", { refund });
    case "superseded":
      return t("superseded", { refund });
    case "rejected":
      return rejectedText(voice, action, refund);
    case "failed":
      return t("failed", { refund });
  }
}

/*
 * Once the provider accepted a refund, its own state is the only word on the money: "issued" only
 * when it says paid, "processing" while it is pending, and an apology with the next step when it
 * failed or was canceled — also after it was paid (the same words as refund-notices.ts).
 */
function providerStateText(voice: Voice, action: ClaimAction, providerRefund: ClaimRefund): string {
  const { t } = voice;
  const refund = refundOf(voice, action);
  const target = action.quote.refundTarget;
  if (isPaid(providerRefund.state)) {
    return t("provider_paid", { refund, target, timeline: t("refund_timeline") });
  }
  if (!hasFailed(providerRefund.state)) {
    return t("provider_processing", { refund, target });
  }
  const words = describeProviderReason(providerRefund.reason, voice.language);
  const why = words ? t("provider_reason", { words }) : "";
  const happened = providerRefund.wasPaid
    ? t("provider_failed_after_paid", { refund, target, why })
    : t("provider_failed", { refund, target, why });
  return [happened, "", t("refund_failed_next_step")].join("\n");
}

// The approver's note is the explanation the customer is owed, quoted as staff wrote it.
function rejectedText(voice: Voice, action: ClaimAction, refund: string): string {
  const decided = voice.t("rejected", { refund });
  const note = action.rejectionNote?.trim();
  if (!note) return `${decided} ${voice.t("rejected_follow_up")}`;
  return [
    decided,
    "",
    voice.t("rejected_reason_heading"),
    "",
    ...note.split(/\r?\n/).map((line) => `> ${line}`),
  ].join("\n");
}
