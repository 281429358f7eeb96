import Link from "next/link";
import { Table, Td, Th } from "@/components/ui/table";
import type { DryRunOutcome, DryRunReport } from "@/lib/domain/policy-dry-run";

/** Minor units as money in its currency; `signed` for a difference (new minus old). */
function money(cents: number, currency: string, signed = false): string {
  const format = new Intl.NumberFormat("en-US", {
    style: "currency",
    currency,
    signDisplay: signed ? "exceptZero" : "auto",
  });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(cents / 10 ** digits);
}

function outcomeText(outcome: DryRunOutcome, currency: string): string {
  if (outcome.decision === "deny") return `Refused (${outcome.reasons.join("; ")})`;
  const amount = money(outcome.netRefundCents, currency);
  return outcome.needsApprover ? `${amount}, needs an approver` : amount;
}

const SUMMARY_LABELS = [
  ["requests", "Stored requests replayed"],
  ["stories", "Scenario stories"],
  ["decisionsFlipped", "Decisions flipped"],
  ["amountsMoved", "Amounts moved"],
  ["moreNeedingApprover", "More needing an approver"],
] as const;

/** A finished dry run: what the draft would have done differently to recent requests. */
export function DryRunReportView({ report }: { report: DryRunReport }) {
  const { summary } = report;
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">
        Compared with {report.comparedWith} over the last {report.lookbackDays} days, ran{" "}
        {new Date(report.ranAt).toLocaleString("en-US", {
          dateStyle: "medium",
          timeStyle: "short",
        })}
        .
      </p>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {SUMMARY_LABELS.map(([key, label]) => (
          <div key={key} className="rounded-md border border-slate-200 p-3">
            <dt className="text-xs text-slate-600">{label}</dt>
            <dd className="text-lg font-semibold text-slate-900">{summary[key]}</dd>
          </div>
        ))}
        <div className="rounded-md border border-slate-200 p-3">
          <dt className="text-xs text-slate-600">Money difference</dt>
          <dd className="text-lg font-semibold text-slate-900">
            {summary.moneyDifference.length === 0
              ? "None"
              : summary.moneyDifference
                  .map((entry) => money(entry.cents, entry.currency, true))
                  .join(", ")}
          </dd>
        </div>
      </dl>
      {report.changes.length === 0 ? (
        <p className="text-sm text-slate-600">No request or story would turn out differently.</p>
      ) : (
        <Table caption="Requests and stories the draft would change">
          <thead>
            <tr>
              <Th>Request</Th>
              <Th>Live</Th>
              <Th>Draft</Th>
            </tr>
          </thead>
          <tbody>
            {report.changes.map((change) => (
              <tr key={`${change.source} ${change.ref}`}>
                <Td>
                  {change.conversationId ? (
                    <Link
                      href={`/conversations/${change.conversationId}`}
                      className="text-blue-800 underline"
                    >
                      {change.label}
                    </Link>
                  ) : (
                    <>
                      {change.label} <span className="text-slate-600">(story)</span>
                    </>
                  )}
                </Td>
                <Td>{outcomeText(change.before, change.currency)}</Td>
                <Td>{outcomeText(change.after, change.currency)}</Td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </div>
  );
}
