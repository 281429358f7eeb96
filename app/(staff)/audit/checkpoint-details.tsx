import type { AuditCheckpointSummary } from "@/lib/server/services/audit/list-audit-log";

/** The latest checkpoint of the chain, with why a copy of it belongs outside the database. */
export function CheckpointDetails({ checkpoint }: { checkpoint: AuditCheckpointSummary | null }) {
  if (!checkpoint) {
    return <p className="text-sm text-slate-700">No checkpoint has been written yet.</p>;
  }
  return (
    <details className="rounded-md bg-white px-4 py-3 text-sm ring-1 ring-inset ring-slate-200">
      <summary className="cursor-pointer">
        Last checkpoint: position {checkpoint.position} at{" "}
        <time dateTime={checkpoint.at}>{checkpoint.at.slice(0, 19).replace("T", " ")} UTC</time>
      </summary>
      <p className="mt-2 text-slate-700">
        Keep a copy of checkpoints outside this database (they are also written to the server log):
        a later check against a copy detects removed or re-written events.
      </p>
      <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
        <dt className="font-medium">Hash</dt>
        <dd className="break-all font-mono text-xs">{checkpoint.hash}</dd>
        <dt className="font-medium">MAC</dt>
        <dd className="break-all font-mono text-xs">{checkpoint.mac}</dd>
      </dl>
    </details>
  );
}
