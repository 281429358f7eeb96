import { REFUND_NOTICE_CATALOGS } from "./catalogs/refund-notices";
import { STATEMENT_CATALOGS } from "./catalogs/statements";
import { describeProviderReason } from "./customer-phrases";
import { translator } from "./i18n";
import { formatMoneyIn, type Language } from "./languages";
import type { Quote } from "./quote";
import type { RefundState } from "./refund-state";

/*
 * What the customer is told about a refund the provider has answered, phrased by code from the
 * records and the provider's own state, in the customer's language: "refunded" only once the
 * provider says the refund succeeded, "processing" while it is pending, and an apology with the
 * next step when it fails — also after it was reported refunded.
 */

/** The same news for the email (`subject`, `body`) and for the chat thread (`chat`, no greeting). */
export type RefundNotice = { subject: string; body: string; chat: string };

type NoticeFacts = {
  customerName: string;
  quote: Quote;
  /** The conversation's rendering language (English when absent). */
  language?: Language;
};

function wordsFor(facts: NoticeFacts) {
  const language = facts.language ?? "en";
  const t = translator(REFUND_NOTICE_CATALOGS, language);
  const statements = translator(STATEMENT_CATALOGS, language);
  const { quote } = facts;
  return {
    language,
    t,
    statements,
    greeting: t("greeting", { name: firstName(facts.customerName) }),
    refund: t("refund_of", {
      amount: formatMoneyIn(language, quote.netRefundCents, quote.currency),
      target: quote.refundTarget,
    }),
    orderNumber: quote.orderNumber,
    // Sentences follow each other with a space, except in Japanese.
    space: language === "ja" ? "" : " ",
  };
}

export function refundPaidNotice(facts: NoticeFacts): RefundNotice {
  const { quote } = facts;
  const { language, t, statements, greeting, refund, orderNumber, space } = wordsFor(facts);
  const items = quote.lines
    .map((line) => t("item_line", { item: line.name, quantity: String(line.quantity) }))
    .join("\n");
  const shipping =
    quote.shippingRefundCents > 0
      ? `\n${t("paid_shipping", { amount: formatMoneyIn(language, quote.shippingRefundCents, quote.currency) })}`
      : "";
  const timeline = statements("refund_timeline");
  return {
    subject: t("paid_subject", { orderNumber }),
    body: [
      greeting,
      "",
      t("paid_body", { refund, orderNumber }),
      items,
      shipping,
      "",
      timeline,
    ].join("\n"),
    chat: `${t("paid_chat", { refund, orderNumber })}${space}${timeline}`,
  };
}

export function refundProcessingNotice(facts: NoticeFacts): RefundNotice {
  const { t, greeting, refund, orderNumber } = wordsFor(facts);
  const news = t("processing", { refund, orderNumber });
  return {
    subject: t("processing_subject", { orderNumber }),
    body: [greeting, "", news].join("\n"),
    chat: news,
  };
}

export function refundFailedNotice(
  facts: NoticeFacts,
  failure: {
    state: Extract<RefundState, "failed" | "canceled">;
    reason: string | null;
    wasPaid: boolean;
  },
): RefundNotice {
  const { language, t, statements, greeting, refund, orderNumber, space } = wordsFor(facts);
  const words = describeProviderReason(failure.reason, language);
  const why = words ? statements("provider_reason", { words }) : "";
  const happened = failure.wasPaid
    ? t("failed_after_paid", { refund, orderNumber, why })
    : t("failed", { refund, orderNumber, why });
  const next = statements("refund_failed_next_step");
  return {
    subject: t("failed_subject", { orderNumber }),
    body: [greeting, "", happened, "", next].join("\n"),
    chat: `${happened}${space}${next}`,
  };
}

function firstName(customerName: string): string {
  return customerName.split(" ")[0] ?? customerName;
}
