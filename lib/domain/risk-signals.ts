import { type Cents, formatBasisPoints, formatMoney } from "./money";
import type { ReasonTerms } from "./policy-document";
import { REFUND_REASON_LABELS, type RefundReason } from "./policy-reasons";

function reasonPays(terms: ReasonTerms): string {
  const price =
    terms.feeRateBasisPoints === 0
      ? "pays the full price"
      : `keeps only a ${formatBasisPoints(terms.feeRateBasisPoints)} fee`;
  return `${price}${terms.refundsShipping ? " and shipping" : ""}`;
}

/*
 * What an approver should weigh before countersigning, computed from facts the server passes
 * in. Signals inform a person; they never block or approve anything by themselves. The rule that
 * sent a refund for approval (the auto-approve limit) is not one: approval-gate.ts says it.
 */

export type RiskSignalCode =
  | "PRIOR_REFUNDS"
  | "THREAT"
  | "MANAGER_REQUEST"
  | "NEW_ACCOUNT"
  | "UNSTATED_MERCHANT_FAULT";

export type RiskSignal = {
  code: RiskSignalCode;
  severity: "info" | "warning" | "danger";
  label: string;
};

export type RiskInput = {
  currency: string;
  /** Refunds this customer already received, on any order. */
  priorRefunds: { count: number; totalCents: Cents };
  /** Everything the customer wrote in this conversation. */
  customerMessages: readonly string[];
  customerSince: Date;
  now: Date;
  /** The quote's reason, whether the customer's own words gave it, and its terms under the quote's policy. */
  reason?: { code: RefundReason; statedByCustomer: boolean; terms: ReasonTerms };
};

/** Accounts younger than this are worth a second look. */
export const NEW_ACCOUNT_DAYS = 30;
const DAY_MS = 86_400_000;

// Word boundaries keep "disputed" in a product name or "Managerial" in a title from matching loosely.
const THREAT_PATTERNS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bcharge\s*-?\s*backs?\b/i, "chargeback"],
  [/\b(?:dispute|reverse)\b[^.!?]{0,40}\b(?:bank|card|credit card|charge)\b/i, "bank dispute"],
  [/\b(?:one|1)\s*-?\s*star\b/i, "one-star review"],
  [/\b(?:bad|negative|terrible)\s+reviews?\b/i, "bad review"],
  [/\b(?:lawyers?|attorneys?|sue|suing|lawsuit|legal action|small claims)\b/i, "legal action"],
  [/\b(?:report|reporting)\s+(?:you|this|your company)\b/i, "report"],
  [/\b(?:better business bureau|BBB)\b/, "BBB complaint"],
  [/\b(?:social media|twitter|tiktok|instagram|go viral)\b/i, "public complaint"],
];

// A request, not a mention: "the manager already approved this" asks for nobody.
const MANAGER_PATTERN =
  /\b(?:(?:speak|talk|put me through)\s+(?:to|with)\s+(?:a|an|your|the)\s+(?:manager|supervisor|boss|human|person|real person|someone in charge)|(?:get|want|need|give)\s+me\s+(?:a|an|your|the)\s+(?:manager|supervisor|boss)|(?:i|we)\s+(?:want|need|demand)\s+(?:a|an|your|the|to see a|to see your)\s+(?:manager|supervisor)|escalate\s+(?:this|it|my)|(?:where|who)\s+is\s+your\s+(?:manager|supervisor))\b/i;

/** Threats named in one message, each once, in the order of the table above. */
export function detectThreats(text: string): string[] {
  return THREAT_PATTERNS.filter(([pattern]) => pattern.test(text)).map(([, label]) => label);
}

export function asksForManager(text: string): boolean {
  return MANAGER_PATTERN.test(text);
}

export function assessRisk(input: RiskInput): RiskSignal[] {
  const signals: RiskSignal[] = [];
  const money = (cents: Cents) => formatMoney(cents, input.currency);

  if (input.priorRefunds.count > 0) {
    const plural = input.priorRefunds.count === 1 ? "refund" : "refunds";
    signals.push({
      code: "PRIOR_REFUNDS",
      severity: input.priorRefunds.count >= 3 ? "danger" : "warning",
      label: `${input.priorRefunds.count} earlier ${plural} to this customer (${money(input.priorRefunds.totalCents)})`,
    });
  }

  const threats = [...new Set(input.customerMessages.flatMap(detectThreats))];
  if (threats.length > 0) {
    signals.push({
      code: "THREAT",
      severity: "danger",
      label: `Threats in the thread: ${threats.join(", ")}`,
    });
  }

  if (input.customerMessages.some(asksForManager)) {
    signals.push({ code: "MANAGER_REQUEST", severity: "warning", label: "Asked for a manager" });
  }

  if (input.reason && !input.reason.statedByCustomer && input.reason.terms.merchantFault) {
    signals.push({
      code: "UNSTATED_MERCHANT_FAULT",
      severity: "danger",
      label: `The customer never said "${REFUND_REASON_LABELS[input.reason.code]}": the agent chose this reason, which ${reasonPays(input.reason.terms)}`,
    });
  }

  const ageDays = Math.floor((input.now.getTime() - input.customerSince.getTime()) / DAY_MS);
  if (ageDays < NEW_ACCOUNT_DAYS) {
    signals.push({
      code: "NEW_ACCOUNT",
      severity: "info",
      label:
        ageDays <= 0
          ? "Account created today"
          : `Account ${ageDays} day${ageDays === 1 ? "" : "s"} old`,
    });
  }

  return signals;
}
