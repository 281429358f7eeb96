import { BASIS_POINTS_PER_WHOLE } from "@/lib/domain/money";
import { parseMoneyInput } from "@/lib/domain/money-input";
import type { Channel } from "@/lib/domain/order-facts";
import {
  MAX_QUOTE_HOLD_MINUTES,
  MAX_WINDOW_DAYS,
  type PolicyDocument,
  policyDocumentSchema,
} from "@/lib/domain/policy-document";
import { REFUND_REASONS, type RefundReason } from "@/lib/domain/policy-reasons";

/*
 * The policy editor's fields as typed (text boxes hold text) and the document they make. Days and
 * minutes are whole numbers, fees are percent with up to two decimals (basis points in the
 * document), money is dollars and cents. A field that does not read says so in its own words;
 * the rules between fields are the policy schema's, with its messages. Errors are keyed by the
 * document path, as the server's problems are, so either shows next to the same field.
 */

export type ReasonValues = { merchantFault: boolean; feePercent: string; refundsShipping: boolean };

export type CategoryValues = {
  /** Stable across edits so a row keeps its inputs while rows above it are removed. */
  rowId: string;
  name: string;
  label: string;
  windowDays: string;
  openedFeePercent: string;
  finalSale: boolean;
};

export type PolicyFormValues = {
  defaultWindowDays: string;
  reasons: Record<RefundReason, ReasonValues>;
  categories: CategoryValues[];
  autoApproveLimit: string;
  merchantFaultAutoApproveLimit: string;
  alwaysApproveChannels: Channel[];
  alwaysApproveReasons: RefundReason[];
  quoteHoldMinutes: string;
};

export type PolicyFormErrors = Record<string, string>;

export type PolicyFormReading =
  | { ok: true; document: PolicyDocument }
  | { ok: false; errors: PolicyFormErrors };

function percentText(basisPoints: number): string {
  const whole = Math.floor(basisPoints / 100);
  const fraction = basisPoints % 100;
  return fraction === 0
    ? String(whole)
    : `${whole}.${String(fraction).padStart(2, "0").replace(/0$/, "")}`;
}

function dollarsText(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

export function policyFormValues(document: PolicyDocument): PolicyFormValues {
  return {
    defaultWindowDays: String(document.defaultWindowDays),
    reasons: Object.fromEntries(
      REFUND_REASONS.map((reason) => {
        const terms = document.reasons[reason];
        return [
          reason,
          {
            merchantFault: terms.merchantFault,
            feePercent: percentText(terms.feeRateBasisPoints),
            refundsShipping: terms.refundsShipping,
          },
        ];
      }),
    ) as Record<RefundReason, ReasonValues>,
    categories: document.categories.map((category, index) => ({
      rowId: `row-${index}`,
      name: category.name,
      label: category.label,
      windowDays: category.windowDays === null ? "" : String(category.windowDays),
      openedFeePercent:
        category.openedFeeRateBasisPoints === null
          ? ""
          : percentText(category.openedFeeRateBasisPoints),
      finalSale: category.finalSale,
    })),
    autoApproveLimit: dollarsText(document.approval.autoApproveLimitCents),
    merchantFaultAutoApproveLimit: dollarsText(
      document.approval.merchantFaultAutoApproveLimitCents,
    ),
    alwaysApproveChannels: [...document.approval.alwaysApproveChannels],
    alwaysApproveReasons: [...document.approval.alwaysApproveReasons],
    quoteHoldMinutes: String(document.quoteHoldMinutes),
  };
}

/** "15" or "12.5" percent as basis points; null unless 0–100 with at most two decimals. */
export function parsePercentInput(text: string): number | null {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?\s*%?$/.exec(text.trim());
  if (!match) return null;
  const basisPoints = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return basisPoints <= BASIS_POINTS_PER_WHOLE ? basisPoints : null;
}

function parseWhole(text: string, min: number, max: number): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const value = Number(text.trim());
  return value >= min && value <= max ? value : null;
}

const WINDOW_ERROR = `A return window is a whole number of days from 1 to ${MAX_WINDOW_DAYS}.`;
const FEE_ERROR = "A fee is a percentage from 0% to 100%, with at most two decimals.";
const MONEY_ERROR = "Enter an amount in dollars and cents, such as 25.00.";

/** The document the fields make, or every field's problem at its document path. */
export function readPolicyForm(values: PolicyFormValues): PolicyFormReading {
  const errors: PolicyFormErrors = {};
  const read = <T>(path: string, value: T | null, message: string): T => {
    if (value === null) errors[path] = message;
    return value as T;
  };
  const candidate = {
    defaultWindowDays: read(
      "defaultWindowDays",
      parseWhole(values.defaultWindowDays, 1, MAX_WINDOW_DAYS),
      WINDOW_ERROR,
    ),
    reasons: Object.fromEntries(
      REFUND_REASONS.map((reason) => {
        const terms = values.reasons[reason];
        return [
          reason,
          {
            merchantFault: terms.merchantFault,
            feeRateBasisPoints: read(
              `reasons.${reason}.feeRateBasisPoints`,
              parsePercentInput(terms.feePercent),
              FEE_ERROR,
            ),
            refundsShipping: terms.refundsShipping,
          },
        ];
      }),
    ),
    categories: values.categories.map((category, index) => ({
      name: category.name.trim(),
      label: category.label.trim(),
      windowDays:
        category.windowDays.trim() === ""
          ? null
          : read(
              `categories.${index}.windowDays`,
              parseWhole(category.windowDays, 1, MAX_WINDOW_DAYS),
              WINDOW_ERROR,
            ),
      openedFeeRateBasisPoints:
        category.openedFeePercent.trim() === ""
          ? null
          : read(
              `categories.${index}.openedFeeRateBasisPoints`,
              parsePercentInput(category.openedFeePercent),
              FEE_ERROR,
            ),
      finalSale: category.finalSale,
    })),
    approval: {
      autoApproveLimitCents: read(
        "approval.autoApproveLimitCents",
        parseMoneyInput(values.autoApproveLimit),
        MONEY_ERROR,
      ),
      merchantFaultAutoApproveLimitCents: read(
        "approval.merchantFaultAutoApproveLimitCents",
        parseMoneyInput(values.merchantFaultAutoApproveLimit),
        MONEY_ERROR,
      ),
      alwaysApproveChannels: values.alwaysApproveChannels,
      alwaysApproveReasons: REFUND_REASONS.filter((reason) =>
        values.alwaysApproveReasons.includes(reason),
      ),
    },
    quoteHoldMinutes: read(
      "quoteHoldMinutes",
      parseWhole(values.quoteHoldMinutes, 1, MAX_QUOTE_HOLD_MINUTES),
      `A quote hold is whole minutes from 1 to ${MAX_QUOTE_HOLD_MINUTES}.`,
    ),
  };
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const parsed = policyDocumentSchema.safeParse(candidate);
  if (parsed.success) return { ok: true, document: parsed.data };
  for (const issue of parsed.error.issues) {
    const path = issue.path.map(String).join(".");
    errors[path] ??= issue.message;
  }
  return { ok: false, errors };
}
