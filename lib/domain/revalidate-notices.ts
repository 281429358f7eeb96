import { ORDER_CHANGED_CATALOGS } from "./catalogs/order-changed";
import { QUOTE_CATALOGS } from "./catalogs/quote";
import { REVALIDATION_CATALOGS } from "./catalogs/revalidation";
import { describeRefusedLines } from "./customer-phrases";
import type { RefusalReason } from "./deny-reason-text";
import { type Translate, translator } from "./i18n";
import { formatMoneyIn, type Language } from "./languages";
import type { OrderPart } from "./order-fingerprint";
import type { Quote } from "./quote";
import type { RevalidationReason } from "./revalidate";

/*
 * What the customer reads when a quote they agreed to could not be paid or confirmed because its
 * order changed since it was made (revalidate.ts, ORDER_CHANGED): written by code, like the quote
 * message, in plain words in the customer's language, saying what moved, that nothing was
 * refunded, and what happens next.
 */

type T = Translate<keyof typeof ORDER_CHANGED_CATALOGS.en>;

// English keeps its own "a, b and c"; other languages list by their locale's rules.
function joinWords(language: Language, words: readonly string[]): string {
  if (language !== "en")
    return new Intl.ListFormat(language, { type: "conjunction" }).format(words);
  if (words.length <= 1) return words.join("");
  return `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

/** What happened next: a new quote on the changed order, or why there is none. */
export type AfterOrderChange =
  | { kind: "requoted"; waitsFor: "customer" | "approver"; quote: Quote }
  | { kind: "not_refundable"; reasons: readonly RefusalReason[] }
  | { kind: "other_quote_open" }
  /** The store no longer has the order: nothing can be quoted on it. */
  | { kind: "order_gone" };

function nextStep(t: T, language: Language, after: AfterOrderChange): string[] {
  switch (after.kind) {
    case "requoted":
      return after.waitsFor === "customer"
        ? [t("confirm_new_quote")]
        : [
            t("requoted_for_approver", {
              amount: formatMoneyIn(language, after.quote.netRefundCents, after.quote.currency),
            }),
          ];
    case "not_refundable":
      return after.reasons.length === 0
        ? [t("no_longer_refundable")]
        : [
            t("no_longer_refundable_because"),
            ...describeRefusedLines(after.reasons, language).map((line) => `- ${line}`),
          ];
    case "other_quote_open":
      return [t("other_quote_open")];
    case "order_gone":
      return [t("order_gone")];
  }
}

/**
 * One reason a quote no longer holds, in the customer's language: from its code and parameters,
 * or the engine's English message for English and for a reason that has none to say it with.
 */
export function describeRevalidationReason(reason: RevalidationReason, language: Language): string {
  const { params } = reason;
  if (language === "en" || params === undefined) return reason.message;
  const t = translator(REVALIDATION_CATALOGS, language);
  const item = params.item ?? "";
  const orderNumber = params.orderNumber ?? "";
  switch (reason.code) {
    case "LINE_MISSING":
      return t("LINE_MISSING", { item, orderNumber });
    case "LINE_ALREADY_REFUNDED":
      return t("LINE_ALREADY_REFUNDED", { item });
    case "LINE_IN_FLIGHT":
      return t("LINE_IN_FLIGHT", { item });
    case "SHIPPING_ALREADY_REFUNDED":
      return t("SHIPPING_ALREADY_REFUNDED", { orderNumber });
    case "QUOTE_CHANGED":
      return t("QUOTE_CHANGED");
    case "ORDER_CHANGED": {
      const partWords = translator(ORDER_CHANGED_CATALOGS, language);
      const parts = joinWords(
        language,
        (params.parts ?? []).map((part) => partWords(`part_${part}`)),
      );
      return t(params.fromStore ? "ORDER_CHANGED_IN_STORE" : "ORDER_CHANGED", {
        orderNumber,
        parts,
      });
    }
    default:
      return reason.message;
  }
}

/** At payment: an approved quote was refused because the order moved (or is gone). */
export function orderChangedAtPaymentNotice(input: {
  quote: Quote;
  changed: readonly OrderPart[];
  after: AfterOrderChange;
  language?: Language;
}): { subject: string; body: string } {
  const { quote, after } = input;
  const language = input.language ?? "en";
  const t = translator(ORDER_CHANGED_CATALOGS, language);
  const refund = formatMoneyIn(language, quote.netRefundCents, quote.currency);
  const what =
    after.kind === "order_gone"
      ? t("what_gone")
      : t("what_changed", {
          parts: joinWords(
            language,
            input.changed.map((part) => t(`part_${part}`)),
          ),
        });
  return {
    subject: t("subject", { orderNumber: quote.orderNumber }),
    body: [
      t("at_payment", { refund, orderNumber: quote.orderNumber, what }),
      "",
      ...nextStep(t, language, after),
    ].join("\n"),
  };
}

/** At confirmation: a "yes" reached a quote whose order moved, and a new quote follows. */
export function outdatedQuoteRequotedNotice(
  quote: Quote,
  reasons: readonly string[],
  language: Language = "en",
): string {
  const t = translator(ORDER_CHANGED_CATALOGS, language);
  return [
    translator(QUOTE_CATALOGS, language)("outdated", { orderNumber: quote.orderNumber }),
    ...reasons.map((reason) => `- ${reason}`),
    "",
    t("nothing_refunded", { next: t("confirm_new_quote") }),
  ].join("\n");
}
