import type { AuditChainProblem } from "@/lib/domain/audit-chain";
import type {
  AuditChainStatus,
  AuditCheckpointSummary,
} from "@/lib/server/services/audit/list-audit-log";

const problems: Record<AuditChainProblem, string> = {
  POSITION_GAP: "an event is missing before it, or it was moved",
  PREV_HASH_MISMATCH: "it does not point to the event before it",
  HASH_MISMATCH: "its contents do not match its keyed hash",
  CHECKPOINT_FORGED: "a checkpoint of the chain was not written with this server's audit key",
  CHECKPOINT_MISMATCH: "the chain differs from a checkpoint taken earlier: it was re-written",
  TAIL_MISSING: "events that a checkpoint recorded are gone: the newest events were removed",
};

export function ChainStatus({ chain }: { chain: AuditChainStatus }) {
  return (
    <section aria-labelledby="chain-status-title" className="space-y-2">
      <h2 id="chain-status-title" className="sr-only">
        Chain verification
      </h2>
      {chain.ok ? (
        <p
          role="status"
          className="rounded-md bg-emerald-50 px-4 py-3 text-sm text-emerald-900 ring-1 ring-inset ring-emerald-300"
        >
          <span className="font-semibold">Hash chain verified.</span> All {chain.checked} events
          check out against the audit key, from the first to the latest
          {chain.checkpoint ? ", and the chain still matches every checkpoint" : ""}.
          {chain.pending > 0 ? ` ${chain.pending} just-committed events are not sealed yet.` : ""}
        </p>
      ) : (
        <p
          role="alert"
          className="rounded-md bg-red-50 px-4 py-3 text-sm text-red-900 ring-1 ring-inset ring-red-300"
        >
          <span className="font-semibold">
            Hash chain broken at position {chain.brokenAtPosition}
            {chain.brokenAtId ? ` (event ${chain.brokenAtId})` : ""}
          </span>
          : {problems[chain.problem]}. The {chain.checked} events before it check out.
        </p>
      )}
      <UnreadableEvents unreadable={chain.unreadable} />
      <CheckpointDetails checkpoint={chain.checkpoint} />
    </section>
  );
}

function UnreadableEvents({ unreadable }: { unreadable: AuditChainStatus["unreadable"] }) {
  if (unreadable.count === 0) return null;
  return (
    <div
      role="status"
      className="rounded-md bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-inset ring-amber-300"
    >
      <p>
        <span className="font-semibold">
          {unreadable.count} {unreadable.count === 1 ? "event has" : "events have"} a kind or
          payload this version does not recognise.
        </span>{" "}
        Their hashes were checked like every other event&apos;s; what they say could not be read.
      </p>
      <ul className="mt-1 list-disc pl-5">
        {unreadable.first.map((event) => (
          <li key={event.id}>
            Position {event.position}, <code className="font-mono">{event.kind}</code>:{" "}
            {event.problem}
          </li>
        ))}
      </ul>
    </div>
  );
}

function CheckpointDetails({ checkpoint }: { checkpoint: AuditCheckpointSummary | null }) {
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
