import type { PendingActionStatus } from "@/lib/domain/pending-action-status";
import type { Quote, QuoteLine } from "@/lib/domain/quote";
import type { QuoteNotices } from "@/lib/domain/quote-presentation";

/*
 * What the widget shows, rebuilt from the server on every load and after every live event, so a
 * reload, a restart or a dropped connection cannot lose or revive anything. Only what the
 * customer may see is in it: their messages, the replies to them, and their refunds' quotes.
 */

export type WidgetMessage = {
  kind: "message";
  id: string;
  author: "customer" | "agent" | "staff";
  body: string;
  createdAt: string;
};

export type WidgetQuoteCard = {
  kind: "quote";
  id: string;
  status: PendingActionStatus;
  quoteHash: string;
  orderNumber: string;
  reason: Quote["reason"];
  currency: string;
  lines: Pick<
    QuoteLine,
    "lineId" | "name" | "quantity" | "subtotalCents" | "feeCents" | "feeRateBasisPoints"
  >[];
  subtotalCents: number;
  feeCents: number;
  shippingRefundCents: number;
  netRefundCents: number;
  refundTarget: string;
  /** The same refused lines, fees and assumed reason as the quote message, in the same words. */
  notices: QuoteNotices;
  /** Why an unconfirmed quote was closed because the order no longer matched it. */
  outdatedBecause: string | null;
  needsApproval: boolean;
  expiresAt: string;
  createdAt: string;
  refund: { id: string; amountCents: number; target: string } | null;
};

export type WidgetTimelineItem = WidgetMessage | WidgetQuoteCard;

export type WidgetSnapshot = {
  conversationId: string;
  customerName: string;
  identityMethod: string;
  workspaceName: string;
  agentWorking: boolean;
  /** Pass to the event stream: everything after it is news, everything up to it is in here. */
  latestEventId: string | null;
  items: WidgetTimelineItem[];
};
