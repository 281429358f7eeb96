import { z } from "zod";
import { formatMoney } from "@/lib/domain/money";

/*
 * Turns a stored check_refund_policy result into short labelled facts for the ticket page. The
 * result is read loosely: an older or malformed payload yields fewer chips, never an error,
 * because the raw result is shown beside them anyway.
 */

export type PolicyFactChip = { label: string; tone: "neutral" | "success" | "warning" | "danger" };

const factsSchema = z.object({
  orderNumber: z.string(),
  currency: z.string().default("USD"),
  policyVersion: z.string().optional(),
  delivered: z.boolean().optional(),
  daysSinceDelivery: z.number().nullable().optional(),
  remainingRefundableCents: z.number().int().optional(),
  shippingRefundableCents: z.number().int().optional(),
  lines: z
    .array(
      z.object({
        name: z.string(),
        refundable: z.boolean(),
        windowDays: z.number().optional(),
        daysLeftInWindow: z.number().nullable().optional(),
        reasons: z.array(z.object({ code: z.string() })).default([]),
      }),
    )
    .default([]),
});

const REASON_LABELS: Record<string, string> = {
  FINAL_SALE: "final sale",
  ALREADY_REFUNDED: "already refunded",
  OUTSIDE_WINDOW: "outside window",
  NOT_DELIVERED: "not delivered",
  UNKNOWN_LINE: "unknown line",
  NOTHING_TO_REFUND: "nothing to refund",
};

export function policyFactChips(result: unknown): PolicyFactChip[] {
  const parsed = factsSchema.safeParse(result);
  if (!parsed.success) return [];
  const facts = parsed.data;
  const chips: PolicyFactChip[] = [{ label: `Order ${facts.orderNumber}`, tone: "neutral" }];
  if (facts.policyVersion) chips.push({ label: `Policy ${facts.policyVersion}`, tone: "neutral" });
  if (facts.delivered === false) chips.push({ label: "Not delivered", tone: "warning" });
  if (typeof facts.daysSinceDelivery === "number") {
    chips.push({ label: `Delivered ${facts.daysSinceDelivery} days ago`, tone: "neutral" });
  }
  for (const line of facts.lines) {
    if (line.refundable) {
      const left =
        typeof line.daysLeftInWindow === "number" ? `, ${line.daysLeftInWindow} days left` : "";
      chips.push({ label: `${line.name}: refundable${left}`, tone: "success" });
    } else {
      const why = line.reasons.map((reason) => REASON_LABELS[reason.code] ?? reason.code);
      chips.push({ label: `${line.name}: ${why.join(", ") || "not refundable"}`, tone: "danger" });
    }
  }
  // A currency this build cannot format drops the money chips rather than the page.
  const money = (cents: number) => {
    try {
      return formatMoney(cents, facts.currency);
    } catch {
      return `${cents} cents`;
    }
  };
  if (typeof facts.remainingRefundableCents === "number") {
    chips.push({
      label: `Refundable before fees ${money(facts.remainingRefundableCents)}`,
      tone: "neutral",
    });
  }
  if (facts.shippingRefundableCents) {
    chips.push({
      label: `Shipping refundable ${money(facts.shippingRefundableCents)}`,
      tone: "neutral",
    });
  }
  return chips;
}
