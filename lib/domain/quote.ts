import { z } from "zod";
import { canonicalJson, sha256Hex } from "./canonical-hash";
import { QUOTE_CATALOGS } from "./catalogs/quote";
import { DomainError } from "./errors";
import { translator } from "./i18n";
import { formatMoneyIn, type Language } from "./languages";
import { formatPercentIn } from "./locale-format";
import { BASIS_POINTS_PER_WHOLE, centsSchema, currencySchema, feeHalfUp } from "./money";
import { type RefundReason, refundReasonSchema } from "./policy-rules";

export const quoteLineSchema = z.object({
  lineId: z.string().min(1),
  name: z.string().min(1),
  quantity: z.int().min(1),
  unitPriceCents: centsSchema,
  subtotalCents: centsSchema,
  feeRateBasisPoints: z.int().min(0).max(BASIS_POINTS_PER_WHOLE),
  feeCents: centsSchema,
});

const quoteObjectSchema = z.object({
  policyVersion: z.string().min(1),
  orderId: z.string().min(1),
  orderNumber: z.string().min(1),
  customerId: z.string().min(1),
  currency: currencySchema,
  lines: z.array(quoteLineSchema).min(1),
  reason: refundReasonSchema,
  subtotalCents: centsSchema,
  feeCents: centsSchema,
  shippingRefundCents: centsSchema,
  netRefundCents: centsSchema,
  /** Where the money goes: the label of the order's payment method, e.g. "Visa •4242". */
  refundTarget: z.string().min(1),
});

/**
 * An immutable refund quote. Parsing also checks the arithmetic, so a snapshot that was edited
 * by hand (or by a model) after the engine produced it does not parse.
 */
export const quoteSchema = quoteObjectSchema.superRefine((quote, ctx) => {
  quote.lines.forEach((line, index) => {
    if (line.subtotalCents !== line.quantity * line.unitPriceCents) {
      ctx.addIssue({
        code: "custom",
        path: ["lines", index, "subtotalCents"],
        message: "≠ qty × unit price",
      });
    }
    if (line.feeCents !== feeHalfUp(line.subtotalCents, line.feeRateBasisPoints)) {
      ctx.addIssue({
        code: "custom",
        path: ["lines", index, "feeCents"],
        message: "≠ subtotal × rate",
      });
    }
  });
  const sum = (pick: (line: QuoteLine) => number) =>
    quote.lines.reduce((total, line) => total + pick(line), 0);
  if (quote.subtotalCents !== sum((line) => line.subtotalCents)) {
    ctx.addIssue({ code: "custom", path: ["subtotalCents"], message: "≠ sum of line subtotals" });
  }
  if (quote.feeCents !== sum((line) => line.feeCents)) {
    ctx.addIssue({ code: "custom", path: ["feeCents"], message: "≠ sum of line fees" });
  }
  if (quote.netRefundCents !== quote.subtotalCents - quote.feeCents + quote.shippingRefundCents) {
    ctx.addIssue({
      code: "custom",
      path: ["netRefundCents"],
      message: "≠ subtotal − fees + shipping",
    });
  }
});

export type QuoteLine = z.infer<typeof quoteLineSchema>;
export type Quote = z.infer<typeof quoteSchema>;

/**
 * sha256 (hex) of the quote's RFC 8785 canonical JSON. Unknown keys are dropped first, so a
 * snapshot read back from a JSON column hashes exactly like the quote the engine produced.
 */
export function hashQuote(quote: Quote): string {
  const parsed = quoteObjectSchema.safeParse(quote);
  if (!parsed.success) {
    throw new DomainError("INVALID_QUOTE", "Cannot hash a malformed quote", parsed.error.issues);
  }
  return sha256Hex(canonicalJson(parsed.data));
}

/** The form shown to people next to a quote ("quote 1a2b3c4d"). Never used for comparisons. */
export function shortHash(hash: string): string {
  return hash.slice(0, 8);
}

/** Item names come from the shop's catalogue; keep them from breaking out of a table cell. */
function escapeCell(text: string): string {
  return text.replace(/[\\|*_`[\]<>#]/g, (char) => `\\${char}`).replace(/\s+/g, " ");
}

/** A refund reason as the customer reads it ("arrived damaged"). */
export function refundReasonLabel(reason: RefundReason, language: Language = "en"): string {
  return translator(QUOTE_CATALOGS, language)(`reason_${reason}`);
}

/**
 * The quote as a markdown table, built by code so that every amount a customer or approver
 * reads is the engine's own number, in the reader's language. Customers read it, so it carries
 * no hash or id: staff screens show the short hash beside it.
 */
export function renderQuoteMarkdown(quote: Quote, language: Language = "en"): string {
  const t = translator(QUOTE_CATALOGS, language);
  const money = (cents: number) => formatMoneyIn(language, cents, quote.currency);
  const rows = quote.lines.map((line) => {
    const fee =
      line.feeCents === 0
        ? t("no_fee")
        : `-${money(line.feeCents)} (${formatPercentIn(language, line.feeRateBasisPoints)})`;
    return `| ${escapeCell(line.name)} | ${line.quantity} | ${money(line.unitPriceCents)} | ${fee} | ${money(line.subtotalCents - line.feeCents)} |`;
  });
  if (quote.shippingRefundCents > 0) {
    rows.push(`| ${t("shipping")} | | | | ${money(quote.shippingRefundCents)} |`);
  }
  return [
    t("table_header"),
    "|:--|--:|--:|--:|--:|",
    ...rows,
    `| **${t("total")}** | | | | **${money(quote.netRefundCents)}** |`,
    "",
    t("footer", {
      target: escapeCell(quote.refundTarget),
      orderNumber: escapeCell(quote.orderNumber),
      reason: refundReasonLabel(quote.reason, language),
      policyVersion: quote.policyVersion,
    }),
  ].join("\n");
}
