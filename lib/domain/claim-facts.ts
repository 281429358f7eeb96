import type { RefusalReason } from "./deny-reason-text";
import type { Language } from "./languages";
import type { PendingActionStatus } from "./pending-action-status";
import type { Quote } from "./quote";
import type { RefundState } from "./refund-state";

/** A refund the payment provider accepted, in the state it last reported. */
export type ClaimRefund = {
  state: RefundState;
  /** The provider's reason code for a pending or failed state, e.g. insufficient_funds. */
  reason: string | null;
  /** The provider reported it paid at some point (a failure may follow days later). */
  wasPaid: boolean;
};

/** What a customer-visible agent message is checked against and what statements are rendered from. */
export type ClaimFacts = {
  channel: "chat" | "email";
  /** The conversation's language as detected or chosen (ISO 639-1, maybe unsupported), or null. */
  languageCode: string | null;
  /** The language code-rendered text is written in: `languageCode` when supported, else English. */
  language: Language;
  /** This conversation's pending actions, oldest first. */
  actions: readonly {
    id: string;
    status: PendingActionStatus;
    quote: Quote;
    /** An approver must countersign it (its gates, under the policy version it was made with). */
    needsApproval: boolean;
    /** The approver's note to the customer, when they rejected it. */
    rejectionNote: string | null;
    /** The refund the provider accepted for this action, or null while there is none. */
    refund: ClaimRefund | null;
    /** Requested lines the policy engine left out of the quote, with the section that says why. */
    refusedLines: readonly RefusalReason[];
  }[];
  /** Money that moved for this customer (the ledger), whichever conversation asked for it. */
  refunds: readonly {
    orderNumber: string;
    amountCents: number;
    shippingCents: number;
    currency: string;
    lines: readonly { name: string; amountCents: number }[];
  }[];
  orders: readonly {
    orderNumber: string;
    currency: string;
    shippingCents: number;
    placedAt: Date;
    deliveredAt: Date | null;
    lines: readonly { name: string; quantity: number; unitPriceCents: number }[];
  }[];
  /** Order numbers the customer typed in this conversation, as `inferOrderNumbers` reads them. */
  customerOrderMentions: readonly string[];
  charges: readonly { reference: string; amountCents: number; currency: string }[];
  disputes: readonly {
    chargeReferences: readonly string[];
    amountCents: number;
    suppliedAmountCents: number | null;
    currency: string;
    category: "duplicate_charge" | "wrong_amount";
    status: "open" | "acknowledged" | "resolved";
  }[];
  /** Why the policy engine refused requests here, as its tool results said (code's words). */
  policyRefusals: readonly RefusalReason[];
  /** Why the newest billing review request here was refused, as its tool result said. */
  disputeRefusals: readonly string[];
  policy: {
    sections: readonly { id: string; title: string }[];
  };
  /** Passages that may be quoted exactly as they are (policy sections, an approver's note). */
  verbatim: readonly string[];
  /** Ids and hashes that must never reach a customer (action, refund, run and line ids, hashes…). */
  internalIds: readonly string[];
  /** The last customer-visible message the agent sent here: a claim may start there. */
  previousAgentMessage: string | null;
};

export type ClaimAction = ClaimFacts["actions"][number];

/** The newest action in one of these states, or undefined. */
export function latestActionIn(
  facts: Pick<ClaimFacts, "actions">,
  statuses: readonly PendingActionStatus[],
): ClaimAction | undefined {
  return facts.actions.findLast((action) => statuses.includes(action.status));
}

/** Statuses in which a refund is still waiting on the customer or an approver. */
export const UNDECIDED_STATUSES: readonly PendingActionStatus[] = [
  "awaiting_confirmation",
  "suspended",
  "awaiting_approval",
];
