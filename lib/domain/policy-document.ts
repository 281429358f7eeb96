import { z } from "zod";
import { canonicalJson, sha256Hex } from "./canonical-hash";
import { BASIS_POINTS_PER_WHOLE, centsSchema } from "./money";
import { type Channel, channelSchema } from "./order-facts";
import { REFUND_REASON_LABELS, REFUND_REASONS, type RefundReason } from "./policy-reasons";

/** The longest return window a document may set: a year and a bit, past any seasonal extension. */
export const MAX_WINDOW_DAYS = 400;
export const MAX_QUOTE_HOLD_MINUTES = 24 * 60;

const windowDays = z.int().min(1).max(MAX_WINDOW_DAYS);
const feeRate = z.int().min(0).max(BASIS_POINTS_PER_WHOLE);

/** A product category as the store names it (lower case, `_` for spaces), e.g. `electronics`. */
export const categoryNameSchema = z
  .string()
  .regex(
    /^[a-z0-9][a-z0-9_]{0,62}$/,
    "Use lower-case letters, digits and _ (as the store names it)",
  );

export const reasonTermsSchema = z.object({
  /**
   * The merchant is at fault. Such a reason moves money only on the customer's own words and,
   * above its own auto-approve limit, a person (approval.merchantFaultAutoApproveLimitCents).
   */
  merchantFault: z.boolean(),
  /** The return fee kept back, in basis points of each line's subtotal. */
  feeRateBasisPoints: feeRate,
  /** Shipping is refunded too, once per order, with the first refund that gives this reason. */
  refundsShipping: z.boolean(),
});
export type ReasonTerms = z.infer<typeof reasonTermsSchema>;

export const categoryTermsSchema = z.object({
  name: categoryNameSchema,
  /** How customers read it in the policy text, plural: "electronics", "gift cards". */
  label: z.string().trim().min(1).max(60),
  /** Its own return window; null keeps the default. */
  windowDays: windowDays.nullable(),
  /** The fee for an opened item returned for a reason that is not the merchant's fault. */
  openedFeeRateBasisPoints: feeRate.nullable(),
  /** Never refunded. */
  finalSale: z.boolean(),
});
export type CategoryTerms = z.infer<typeof categoryTermsSchema>;

export const approvalTermsSchema = z.object({
  /** A confirmed chat refund up to this amount runs without an approver. */
  autoApproveLimitCents: centsSchema,
  /** The same for a merchant-fault reason; $0.00 sends every one to a person. */
  merchantFaultAutoApproveLimitCents: centsSchema,
  /** Channels whose refunds always need an approver (email must be one: nobody confirms live). */
  alwaysApproveChannels: z.array(channelSchema),
  /** Reasons whose refunds always need an approver, whatever the amount. */
  alwaysApproveReasons: z.array(z.enum(REFUND_REASONS)),
});
export type ApprovalTerms = z.infer<typeof approvalTermsSchema>;

const policyDocumentShape = z.object({
  defaultWindowDays: windowDays,
  reasons: z.object(
    Object.fromEntries(REFUND_REASONS.map((reason) => [reason, reasonTermsSchema])) as Record<
      RefundReason,
      typeof reasonTermsSchema
    >,
  ),
  categories: z.array(categoryTermsSchema).max(100),
  approval: approvalTermsSchema,
  /** How long a customer has to confirm a quote. */
  quoteHoldMinutes: z.int().min(1).max(MAX_QUOTE_HOLD_MINUTES),
});

/** One problem with a document, in words a support lead can act on, and where it is. */
export type PolicyProblem = { path: (string | number)[]; message: string };

/**
 * The rules a document must keep beyond its field ranges. Each guards money or consent: the
 * customer's stray words must never pick a reason that pays more with nobody looking, and email
 * has no live confirmation, so a person countersigns it.
 */
export function policyDocumentProblems(
  document: z.infer<typeof policyDocumentShape>,
): PolicyProblem[] {
  const problems: PolicyProblem[] = [];
  const customerReasons = REFUND_REASONS.filter(
    (reason) => !document.reasons[reason].merchantFault,
  );
  const [first] = customerReasons;
  for (const reason of customerReasons) {
    const terms = document.reasons[reason];
    const label = `"${REFUND_REASON_LABELS[reason]}"`;
    if (terms.refundsShipping) {
      problems.push({
        path: ["reasons", reason, "refundsShipping"],
        message: `${label} refunds shipping but is not marked merchant fault. A reason that pays more must be merchant fault, so a person checks it before money moves.`,
      });
    }
    if (
      first !== undefined &&
      terms.feeRateBasisPoints !== document.reasons[first].feeRateBasisPoints
    ) {
      problems.push({
        path: ["reasons", reason, "feeRateBasisPoints"],
        message: `${label} and "${REFUND_REASON_LABELS[first]}" keep different fees, but neither is merchant fault. Reasons that are the customer's choice must keep the same fee, so the words a customer happens to use never change the amount; mark the cheaper one merchant fault instead.`,
      });
    }
  }
  const seen = new Map<string, number>();
  document.categories.forEach((category, index) => {
    const earlier = seen.get(category.name);
    if (earlier !== undefined) {
      problems.push({
        path: ["categories", index, "name"],
        message: `"${category.name}" is listed twice (rows ${earlier + 1} and ${index + 1}); keep one row per category.`,
      });
    }
    seen.set(category.name, index);
    if (
      category.finalSale &&
      (category.windowDays !== null || category.openedFeeRateBasisPoints !== null)
    ) {
      problems.push({
        path: ["categories", index, "finalSale"],
        message: `"${category.label}" is final sale, so it is never refunded: its own window or opened fee would never apply. Clear them, or make it refundable.`,
      });
    }
  });
  if (!document.approval.alwaysApproveChannels.includes("email")) {
    problems.push({
      path: ["approval", "alwaysApproveChannels"],
      message: "Email refunds must always need an approver: nobody confirms a quote live by email.",
    });
  }
  return problems;
}

export const policyDocumentSchema = policyDocumentShape.superRefine((document, context) => {
  for (const problem of policyDocumentProblems(document)) {
    context.addIssue({ code: "custom", path: problem.path, message: problem.message });
  }
});
export type PolicyDocument = z.infer<typeof policyDocumentSchema>;

/** A policy as the engine applies it: the document and the version label every quote carries. */
export type RefundPolicy = { version: string; document: PolicyDocument };

/** The hash a dry run proves and a publish checks: the same terms always hash alike. */
export function hashPolicyDocument(document: PolicyDocument): string {
  return sha256Hex(canonicalJson(document));
}

export function policyVersionLabel(number: number): string {
  return `refund-policy/v${number}`;
}

export function categoryTerms(
  document: PolicyDocument,
  category: string,
): CategoryTerms | undefined {
  return document.categories.find((entry) => entry.name === category);
}

export function channelAlwaysNeedsApproval(document: PolicyDocument, channel: Channel): boolean {
  return document.approval.alwaysApproveChannels.includes(channel);
}
