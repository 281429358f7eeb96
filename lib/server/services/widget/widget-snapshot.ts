import type { ConversationLanguage, Language } from "@/lib/domain/languages";
import type { PendingActionStatus } from "@/lib/domain/pending-action-status";
import type { Quote, QuoteLine } from "@/lib/domain/quote";
import type { QuoteNotices } from "@/lib/domain/quote-presentation";
import type { RefundState } from "@/lib/domain/refund-state";
import type { AttachmentView } from "@/lib/server/services/attachments/attachment-view";

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
  /** The photos and PDFs the customer sent with it (only the customer's own messages have any). */
  attachments?: AttachmentView[];
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
  /** The refund the payment provider accepted, in the state it last reported. */
  refund: WidgetRefund | null;
};

export type WidgetRefund = {
  id: string;
  amountCents: number;
  target: string;
  state: RefundState;
  /** The provider's reason code for a pending or failed state, e.g. insufficient_funds. */
  reason: string | null;
  /** The provider reported it paid at some point (a failure may follow days later). */
  wasPaid: boolean;
};

export type WidgetTimelineItem = WidgetMessage | WidgetQuoteCard;

export type WidgetSnapshot = {
  conversationId: string;
  customerName: string;
  identityMethod: string;
  workspaceName: string;
  /**
   * The conversation's language as stored (null until detected or chosen) and the language the
   * widget and the server's texts are rendered in.
   */
  language: { conversation: ConversationLanguage; rendering: Language };
  agentWorking: boolean;
  /** Pass to the event stream: everything after it is news, everything up to it is in here. */
  latestEventId: string | null;
  items: WidgetTimelineItem[];
};
