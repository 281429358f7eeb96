import type { PendingActionStatus } from "./pending-action-status";
import type { Quote } from "./quote";

/** What a customer-visible agent message is checked against and what statements are rendered from. */
export type ClaimFacts = {
  channel: "chat" | "email";
  /** This conversation's pending actions, oldest first. */
  actions: readonly {
    id: string;
    status: PendingActionStatus;
    quote: Quote;
    /** The approver's note to the customer, when they rejected it. */
    rejectionNote: string | null;
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
  charges: readonly { reference: string; amountCents: number; currency: string }[];
  disputes: readonly {
    chargeReferences: readonly string[];
    amountCents: number;
    suppliedAmountCents: number | null;
    currency: string;
    status: "open" | "acknowledged" | "resolved";
  }[];
  policy: {
    autoApproveLimitCents: number;
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
