import {
  describeProviderReason,
  REFUND_FAILED_NEXT_STEP,
  REFUND_TIMELINE_PHRASE,
} from "./customer-phrases";
import { formatMoney } from "./money";
import type { Quote } from "./quote";
import type { RefundState } from "./refund-state";

/*
 * What the customer is told about a refund the provider has answered, phrased by code from the
 * records and the provider's own state: "refunded" only once the provider says the refund
 * succeeded, "processing" while it is pending, and an apology with the next step when it fails —
 * also after it was reported refunded.
 */

/** The same news for the email (`subject`, `body`) and for the chat thread (`chat`, no greeting). */
export type RefundNotice = { subject: string; body: string; chat: string };

type NoticeFacts = { customerName: string; quote: Quote };

export function refundPaidNotice({ customerName, quote }: NoticeFacts): RefundNotice {
  const items = quote.lines.map((line) => `- ${line.name} × ${line.quantity}`).join("\n");
  const shipping =
    quote.shippingRefundCents > 0
      ? `\nThis includes ${formatMoney(quote.shippingRefundCents, quote.currency)} for shipping.`
      : "";
  return {
    subject: `Your refund for order ${quote.orderNumber}`,
    body: [
      `Hi ${firstName(customerName)},`,
      "",
      `We have refunded ${refundOf(quote)} for order ${quote.orderNumber}:`,
      items,
      shipping,
      "",
      REFUND_TIMELINE_PHRASE,
    ].join("\n"),
    chat: `Your refund of ${refundOf(quote)} for order ${quote.orderNumber} has been completed by our payment processor. ${REFUND_TIMELINE_PHRASE}`,
  };
}

export function refundProcessingNotice({ customerName, quote }: NoticeFacts): RefundNotice {
  const news = `Your refund of ${refundOf(quote)} for order ${quote.orderNumber} has been sent to our payment processor and is being processed. It has not reached your account yet; we'll write again as soon as the processor confirms it.`;
  return {
    subject: `Your refund for order ${quote.orderNumber} is being processed`,
    body: [`Hi ${firstName(customerName)},`, "", news].join("\n"),
    chat: news,
  };
}

export function refundFailedNotice(
  { customerName, quote }: NoticeFacts,
  failure: {
    state: Extract<RefundState, "failed" | "canceled">;
    reason: string | null;
    wasPaid: boolean;
  },
): RefundNotice {
  const why = describeProviderReason(failure.reason);
  const happened = failure.wasPaid
    ? `I'm sorry: the refund of ${refundOf(quote)} for order ${quote.orderNumber} that we told you about did not reach you after all${why ? ` — ${why}` : ""}, and the money came back to us.`
    : `I'm sorry: the refund of ${refundOf(quote)} for order ${quote.orderNumber} did not go through${why ? ` — ${why}` : ""}, so no money has reached your account.`;
  const next = REFUND_FAILED_NEXT_STEP;
  return {
    subject: `A problem with your refund for order ${quote.orderNumber}`,
    body: [`Hi ${firstName(customerName)},`, "", happened, "", next].join("\n"),
    chat: `${happened} ${next}`,
  };
}

function refundOf(quote: Quote): string {
  return `${formatMoney(quote.netRefundCents, quote.currency)} to your ${quote.refundTarget}`;
}

function firstName(customerName: string): string {
  return customerName.split(" ")[0] ?? customerName;
}
