import { WIDGET_CATALOGS, type WidgetMessageKey } from "@/lib/domain/catalogs/widget";
import { describeProviderReason } from "@/lib/domain/customer-phrases";
import { type Translate, translator } from "@/lib/domain/i18n";
import { formatMoneyIn, type Language } from "@/lib/domain/languages";
import { hasFailed, isPaid } from "@/lib/domain/refund-state";
import type { WidgetQuoteCard, WidgetRefund } from "@/lib/server/services/widget/widget-snapshot";

/** Where the money stands, for the card's styling: the provider's word once it has one. */
export type QuoteMoneyTone = "processing" | "paid" | "failed" | "none";

export function quoteMoneyTone(card: WidgetQuoteCard): QuoteMoneyTone {
  if (!card.refund) return card.status === "failed" ? "failed" : "none";
  if (isPaid(card.refund.state)) return "paid";
  return hasFailed(card.refund.state) ? "failed" : "processing";
}

/** What a quote's status means for the customer, in one or two sentences of their language. */
export function quoteStatusText(card: WidgetQuoteCard, language: Language): string {
  const t = translator(WIDGET_CATALOGS, language);
  // Once the provider accepted the refund, its state alone says whether money reached them.
  if (card.refund) return refundText(card, card.refund, language, t);
  switch (card.status) {
    case "proposed":
    case "awaiting_confirmation":
      return t("status_held", { time: heldUntil(language, new Date(card.expiresAt)) });
    case "suspended":
      return t("status_suspended");
    case "awaiting_approval":
      return t("status_awaiting_approval");
    // Executed without a refund record: nothing backs "refunded", so only "approved" is said.
    case "approved":
    case "executing":
    case "executed":
      return t("status_approved");
    case "declined":
      return t("status_declined");
    case "rejected":
      return t("status_rejected");
    case "expired":
      if (card.outdatedBecause !== null) {
        return t("status_outdated", {
          why: card.outdatedBecause,
          invitation: t("fresh_quote_invitation"),
        });
      }
      return t("status_expired");
    case "superseded":
      return t("status_superseded");
    case "failed":
      return t("status_failed");
    case "needs_reconciliation":
      return t("status_needs_reconciliation");
  }
}

// The customer's own clock (the widget runs in their browser); English keeps the browser's
// locale for the format, as it always has.
function heldUntil(language: Language, at: Date): string {
  return new Intl.DateTimeFormat(language === "en" ? undefined : language, {
    hour: "numeric",
    minute: "2-digit",
  }).format(at);
}

function refundText(
  card: WidgetQuoteCard,
  refund: WidgetRefund,
  language: Language,
  t: Translate<WidgetMessageKey>,
): string {
  if (isPaid(refund.state)) {
    return t("refund_paid", {
      amount: formatMoneyIn(language, refund.amountCents, card.currency),
      target: refund.target,
    });
  }
  if (!hasFailed(refund.state)) return t("refund_processing", { target: refund.target });
  // The provider's reason is worded in English only; another language leaves it out.
  const why = language === "en" ? describeProviderReason(refund.reason) : null;
  const happened = refund.wasPaid
    ? why
      ? t("refund_came_back_because", { why })
      : t("refund_came_back")
    : why
      ? t("refund_not_through_because", { why })
      : t("refund_not_through");
  return `${happened} ${t("refund_next_step")}`;
}
