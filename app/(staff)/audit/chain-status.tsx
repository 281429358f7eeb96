import type { AuditChainStatus } from "@/lib/server/services/audit/list-audit-log";

export function ChainStatus({ chain }: { chain: AuditChainStatus }) {
  if (chain.ok) {
    return (
      <p
        role="status"
        className="rounded-md bg-emerald-50 px-4 py-3 text-sm text-emerald-900 ring-1 ring-inset ring-emerald-300"
      >
        <span className="font-semibold">Hash chain verified.</span> All {chain.checked} events check
        out, from the first to the latest.
      </p>
    );
  }
  return (
    <p
      role="alert"
      className="rounded-md bg-red-50 px-4 py-3 text-sm text-red-900 ring-1 ring-inset ring-red-300"
    >
      <span className="font-semibold">Hash chain broken at event {chain.brokenAtId}</span> (
      {chain.problem === "PREV_HASH_MISMATCH"
        ? "it does not point to the event before it"
        : "its contents do not match its hash"}
      ). The {chain.checked} events before it check out; this one or an earlier neighbour was
      changed or removed after it was written.
    </p>
  );
}
