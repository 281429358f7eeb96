import { formatBasisPoints, formatMoney } from "./money";
import type { CategoryTerms, PolicyDocument } from "./policy-document";
import { REFUND_REASON_LABELS, REFUND_REASONS } from "./policy-reasons";
import { capitalise } from "./policy-terms-text";

/*
 * What a draft changes, as rows a support lead reads before publishing: one term per row with
 * its value before and after, in the words of the editor's own fields. A category is matched by
 * its name, so renaming its label is a change to that row, not a removal and an addition.
 */

export type PolicyDiffRow =
  | { kind: "changed"; term: string; before: string; after: string }
  | { kind: "added"; term: string; after: string }
  | { kind: "removed"; term: string; before: string };

function days(value: number): string {
  return value === 1 ? "1 day" : `${value} days`;
}

function yesNo(value: boolean): string {
  return value ? "yes" : "no";
}

function listOrNone(values: readonly string[]): string {
  return values.length === 0 ? "none" : values.join(", ");
}

function categoryWindow(category: CategoryTerms, defaultWindowDays: number): string {
  return category.windowDays === null
    ? `default (${days(defaultWindowDays)})`
    : days(category.windowDays);
}

function openedFee(category: CategoryTerms): string {
  return category.openedFeeRateBasisPoints === null
    ? "none"
    : formatBasisPoints(category.openedFeeRateBasisPoints);
}

/** A category in one phrase, for a row that adds or removes it. */
function describeCategory(category: CategoryTerms, defaultWindowDays: number): string {
  if (category.finalSale) return `${category.label}: final sale`;
  return `${category.label}: window ${categoryWindow(category, defaultWindowDays)}, opened fee ${openedFee(category)}`;
}

/** The changes from `before` to `after`, in the editor's order; none when the terms are alike. */
export function diffPolicyDocuments(
  before: PolicyDocument,
  after: PolicyDocument,
): PolicyDiffRow[] {
  const rows: PolicyDiffRow[] = [];
  const change = (term: string, was: string, now: string) => {
    if (was !== now) rows.push({ kind: "changed", term, before: was, after: now });
  };

  change("Default return window", days(before.defaultWindowDays), days(after.defaultWindowDays));

  for (const reason of REFUND_REASONS) {
    const was = before.reasons[reason];
    const now = after.reasons[reason];
    const label = `"${capitalise(REFUND_REASON_LABELS[reason])}"`;
    change(`${label} is merchant fault`, yesNo(was.merchantFault), yesNo(now.merchantFault));
    change(
      `${label} fee`,
      formatBasisPoints(was.feeRateBasisPoints),
      formatBasisPoints(now.feeRateBasisPoints),
    );
    change(`${label} refunds shipping`, yesNo(was.refundsShipping), yesNo(now.refundsShipping));
  }

  for (const was of before.categories) {
    const now = after.categories.find((category) => category.name === was.name);
    if (!now) {
      rows.push({
        kind: "removed",
        term: "Category",
        before: describeCategory(was, before.defaultWindowDays),
      });
      continue;
    }
    const name = capitalise(now.label);
    change(`${capitalise(was.label)} label`, was.label, now.label);
    // A final-sale category is never refunded: its window and fee mean nothing to compare.
    if (!(was.finalSale && now.finalSale)) {
      change(
        `${name} window`,
        categoryWindow(was, before.defaultWindowDays),
        categoryWindow(now, after.defaultWindowDays),
      );
      change(`Opened ${now.label} fee`, openedFee(was), openedFee(now));
    }
    change(`${name} final sale`, yesNo(was.finalSale), yesNo(now.finalSale));
  }
  for (const now of after.categories) {
    if (!before.categories.some((category) => category.name === now.name)) {
      rows.push({
        kind: "added",
        term: "Category",
        after: describeCategory(now, after.defaultWindowDays),
      });
    }
  }

  change(
    "Auto-approve limit",
    formatMoney(before.approval.autoApproveLimitCents),
    formatMoney(after.approval.autoApproveLimitCents),
  );
  change(
    "Merchant-fault auto-approve limit",
    formatMoney(before.approval.merchantFaultAutoApproveLimitCents),
    formatMoney(after.approval.merchantFaultAutoApproveLimitCents),
  );
  change(
    "Channels that always need a person",
    listOrNone([...before.approval.alwaysApproveChannels].sort()),
    listOrNone([...after.approval.alwaysApproveChannels].sort()),
  );
  const reasonLabels = (reasons: readonly (typeof REFUND_REASONS)[number][]) =>
    listOrNone(
      REFUND_REASONS.filter((reason) => reasons.includes(reason)).map(
        (reason) => REFUND_REASON_LABELS[reason],
      ),
    );
  change(
    "Reasons that always need a person",
    reasonLabels(before.approval.alwaysApproveReasons),
    reasonLabels(after.approval.alwaysApproveReasons),
  );
  change(
    "Quote hold",
    before.quoteHoldMinutes === 1 ? "1 minute" : `${before.quoteHoldMinutes} minutes`,
    after.quoteHoldMinutes === 1 ? "1 minute" : `${after.quoteHoldMinutes} minutes`,
  );
  return rows;
}

/** A row as one line: "Electronics window: 15 days → 30 days". */
export function policyDiffRowText(row: PolicyDiffRow): string {
  switch (row.kind) {
    case "changed":
      return `${row.term}: ${row.before} → ${row.after}`;
    case "added":
      return `${row.term} added: ${row.after}`;
    case "removed":
      return `${row.term} removed: ${row.before}`;
  }
}
