import type { AuditChainProblem } from "@/lib/domain/audit-chain";
import type { AuditChainStatus } from "@/lib/server/services/audit/list-audit-log";
import { CheckpointDetails } from "./checkpoint-details";
import { UnreadableEvents } from "./unreadable-events";

const problems: Record<AuditChainProblem, string> = {
  POSITION_GAP: "an event is missing before it, or it was moved",
  PREV_HASH_MISMATCH: "it does not point to the event before it",
  HASH_MISMATCH: "its contents do not match its keyed hash",
  CHECKPOINT_FORGED: "a checkpoint of the chain was not written with this server's audit key",
  CHECKPOINT_MISMATCH: "the chain differs from a checkpoint taken earlier: it was re-written",
  TAIL_MISSING: "events that a checkpoint recorded are gone: the newest events were removed",
};

/** Whether the audit log's hash chain checks out, and where it broke if not. */
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
