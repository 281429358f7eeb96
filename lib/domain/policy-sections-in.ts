import { POLICY_CATALOGS, type PolicyTextKey } from "./catalogs/policy";
import { type Translate, translator } from "./i18n";
import { formatMoneyIn, type Language } from "./languages";
import { formatPercentIn } from "./locale-format";
import type { CategoryTerms, PolicyDocument } from "./policy-document";
import {
  POLICY_SECTION_IDS,
  type PolicySectionId,
  REFUND_REASONS,
  type RefundReason,
} from "./policy-reasons";
import { customerReasons, merchantFaultGroups, openedFees, ownWindows } from "./policy-terms-text";
import type { DomainSettings } from "./settings";

/*
 * The customer-facing policy in a language other than English, sentence by sentence from the
 * catalog and any document's terms (the same terms policy-terms-text.ts reads for English). Each
 * condition is its own sentence, so no language has to agree with English grammar.
 */

type T = Translate<PolicyTextKey>;

const POLICY_CURRENCY = "USD";

/** A category in the reader's language: a known name from the catalog, else the merchant's label. */
export function categoryNameIn(
  language: Language,
  category: Pick<CategoryTerms, "name" | "label">,
): string {
  return categoryName(translator(POLICY_CATALOGS, language), category);
}

function categoryName(t: T, category: Pick<CategoryTerms, "name" | "label">): string {
  const key = `category_${category.name}`;
  return isPolicyTextKey(key) ? t(key) : category.label;
}

function isPolicyTextKey(key: string): key is PolicyTextKey {
  return Object.hasOwn(POLICY_CATALOGS.en, key);
}

function list(language: Language, words: readonly string[], type: "conjunction" | "disjunction") {
  return new Intl.ListFormat(language, { type }).format(words);
}

function reasonsText(t: T, language: Language, reasons: readonly RefundReason[]): string {
  return list(
    language,
    reasons.map((reason) => t(`cond_${reason}`)),
    "disjunction",
  );
}

function sentences(language: Language, parts: readonly string[]): string {
  return parts
    .filter((part) => part !== "")
    .map(capitalise)
    .join(language === "ja" ? "" : " ");
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function finalSaleNames(t: T, document: PolicyDocument, tail: PolicyTextKey): string[] {
  return [
    ...document.categories
      .filter((category) => category.finalSale)
      .map((category) => categoryName(t, category)),
    t(tail),
  ];
}

/** Every section's body in `language`, keyed by section id. */
export function policySectionBodiesIn(
  document: PolicyDocument,
  settings: DomainSettings,
  language: Language,
): Record<PolicySectionId, string> {
  const t = translator(POLICY_CATALOGS, language);
  const s = POLICY_SECTION_IDS;
  const days = document.defaultWindowDays;
  const windows = ownWindows(document);
  const rate = (basisPoints: number) => formatPercentIn(language, basisPoints);
  const money = (cents: number) => formatMoneyIn(language, cents, POLICY_CURRENCY);
  const exceptions = (key: "window_exception" | "last_day_exception") =>
    list(
      language,
      windows.map((category) =>
        t(key, { category: categoryName(t, category), days: category.windowDays }),
      ),
      "conjunction",
    );
  const hasExceptions = windows.length > 0 ? "yes" : "no";

  const payouts = merchantFaultGroups(document).map((group) =>
    t("payout", {
      reasons: reasonsText(t, language, group.reasons),
      fee: group.feeRateBasisPoints === 0 ? "none" : "some",
      rate: rate(group.feeRateBasisPoints),
      shipping: group.refundsShipping ? "yes" : "no",
      section: s.shipping,
    }),
  );
  const others = customerReasons(document);
  if (others.length > 0) {
    const fee = document.reasons[others[0] as RefundReason].feeRateBasisPoints;
    payouts.push(
      t("payout_others", {
        scope: payouts.length === 0 ? "every" : "other",
        fee: fee > 0 || openedFees(document).length > 0 ? "yes" : "no",
        section: s.fees,
      }),
    );
  }

  const fees = merchantFaultGroups(document, true).map((group) =>
    t("fee", {
      reasons: reasonsText(t, language, group.reasons),
      fee: group.feeRateBasisPoints === 0 ? "none" : "some",
      rate: rate(group.feeRateBasisPoints),
    }),
  );
  if (others.length > 0) {
    const fee = document.reasons[others[0] as RefundReason].feeRateBasisPoints;
    fees.push(
      t("fee", {
        reasons: reasonsText(t, language, others),
        fee: fee === 0 ? "none" : "some",
        rate: rate(fee),
      }),
      ...openedFees(document).map((category) =>
        t("fee_opened", {
          category: categoryName(t, category),
          rate: rate(category.openedFeeRateBasisPoints),
        }),
      ),
    );
  }

  const shippingReasons = REFUND_REASONS.filter(
    (reason) => document.reasons[reason].refundsShipping,
  );

  return {
    [s.overview]: sentences(language, [
      t("overview_window", { days, hasExceptions, exceptions: exceptions("window_exception") }),
      t("overview_final_sale", {
        items: list(language, finalSaleNames(t, document, "final_sale_items"), "conjunction"),
        section: s.exclusions,
      }),
      ...payouts,
      t("overview_system", { section: s.approval }),
    ]),
    [s.window]: sentences(language, [
      t("window_intro", { days }),
      ...windows.map((category) =>
        t("window_category", {
          category: categoryName(t, category),
          length:
            category.windowDays === days
              ? "same"
              : category.windowDays < days
                ? "shorter"
                : "longer",
          days: category.windowDays,
        }),
      ),
      t("window_count", { days, hasExceptions, exceptions: exceptions("last_day_exception") }),
      t("window_not_delivered"),
    ]),
    [s.exclusions]: t("exclusions", {
      items: list(language, finalSaleNames(t, document, "items_marked_final_sale"), "conjunction"),
    }),
    [s.reasons]: t("reasons", { fees: s.fees, shipping: s.shipping }),
    [s.fees]: sentences(language, [...fees, t("fee_per_line")]),
    [s.shipping]:
      shippingReasons.length === 0
        ? t("shipping_none")
        : t("shipping", { reasons: reasonsText(t, language, shippingReasons) }),
    [s.approval]: sentences(language, [
      t("approval_quote", { limit: money(document.approval.autoApproveLimitCents) }),
      ...approvalSentences(t, language, document, money),
      t("approval_only_confirmation"),
    ]),
    [s.holds]: t("holds", {
      holdMinutes: document.quoteHoldMinutes,
      idleMinutes: settings.chatIdleMinutes,
    }),
    [s.disputes]: t("disputes"),
  };
}

// Who always reviews what: the same rules as policy-terms-text.ts `alwaysReviewed`.
function approvalSentences(
  t: T,
  language: Language,
  document: PolicyDocument,
  money: (cents: number) => string,
): string[] {
  const { approval } = document;
  const result = [
    t("approval_channels", {
      channels: approval.alwaysApproveChannels.includes("chat") ? "both" : "email",
    }),
  ];
  const merchantFault = REFUND_REASONS.filter((reason) => document.reasons[reason].merchantFault);
  const alwaysMerchantFault = approval.merchantFaultAutoApproveLimitCents === 0;
  const always = REFUND_REASONS.filter(
    (reason) =>
      approval.alwaysApproveReasons.includes(reason) ||
      (alwaysMerchantFault && merchantFault.includes(reason)),
  );
  if (always.length > 0) {
    result.push(t("approval_always", { reasons: reasonsText(t, language, always) }));
  }
  const limited = merchantFault.filter((reason) => !always.includes(reason));
  if (
    limited.length > 0 &&
    approval.merchantFaultAutoApproveLimitCents < approval.autoApproveLimitCents
  ) {
    result.push(
      t("approval_above", {
        reasons: reasonsText(t, language, limited),
        limit: money(approval.merchantFaultAutoApproveLimitCents),
      }),
    );
  }
  return result;
}
