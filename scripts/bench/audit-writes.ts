/*
 * npm run bench:audit-writes: audited writes per second with 50 conversations writing at once,
 * each write one transaction that appends one audit event, as every audited state change does.
 * Two rounds on one throwaway Postgres:
 *   - "global lock (old design)": what appendAuditEvents did before the sealer: a transaction
 *     advisory lock on one key, held to commit, and a read of the newest row's hash;
 *   - "unsealed insert + sealer": today's appendAuditEvents, with the log sealer running as in
 *     every app process; after the round it reports how far behind the sealer was and verifies
 *     the whole keyed chain.
 * Loopback only; bounded: 10 s per round.
 */
import { performance } from "node:perf_hooks";
import type { Prisma } from "@/lib/generated/prisma/client";
import { appendAuditEvents } from "@/lib/server/audit/append-audit-events";
import { startLogSealer } from "@/lib/server/audit/log-sealer";
import { sealPendingLogs } from "@/lib/server/audit/seal-pending-logs";
import { verifyStoredAuditChain } from "@/lib/server/audit/verify-audit-chain";
import { describeMachine, ms, percentile, startBenchDatabase } from "./support";

const CONVERSATIONS = 50;
const ROUND_MS = 10_000;
const AUDIT_KEY = "bench-only-audit-key-bench-only-audit-key-0000";
const OLD_LOCK_KEY = 0x617564_6974n;

const db = await startBenchDatabase();
type Round = { writes: number; seconds: number; latencies: number[] };

function event(conversation: number, sequence: number) {
  return {
    kind: "pending_action.transition_refused" as const,
    subjectType: "pending_action" as const,
    subjectId: `pa_bench_${conversation}`,
    actor: { type: "system" as const },
    occurredAt: new Date(),
    payload: {
      status: "approved" as const,
      event: "approve",
      code: "ALREADY_DECIDED",
      message: `attempt ${sequence}`,
    },
    conversationId: `conv_bench_${conversation}`,
  };
}

async function globalLockAppend(tx: Prisma.TransactionClient, conversation: number, n: number) {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(${OLD_LOCK_KEY})`;
  await tx.auditEvent.findFirst({ orderBy: { id: "desc" }, select: { hash: true } });
  await appendAuditEvents(tx, [event(conversation, n)]);
}

async function round(
  append: (tx: Prisma.TransactionClient, conversation: number, n: number) => Promise<void>,
): Promise<Round> {
  const latencies: number[] = [];
  const started = performance.now();
  const deadline = started + ROUND_MS;
  await Promise.all(
    Array.from({ length: CONVERSATIONS }, async (_, conversation) => {
      for (let n = 0; performance.now() < deadline; n += 1) {
        const start = performance.now();
        await db.prisma.$transaction((tx) => append(tx, conversation, n));
        latencies.push(performance.now() - start);
      }
    }),
  );
  return { writes: latencies.length, seconds: (performance.now() - started) / 1000, latencies };
}

function report(name: string, result: Round) {
  const { latencies } = result;
  console.log(
    `${name}: ${Math.round(result.writes / result.seconds)} audited writes/s (${result.writes} in ${result.seconds.toFixed(1)} s); per write p50 ${ms(percentile(latencies, 50))}, p99 ${ms(percentile(latencies, 99))}`,
  );
}

try {
  console.log(`Machine: ${describeMachine()}`);
  console.log(`${CONVERSATIONS} conversations writing at once, ${ROUND_MS / 1000} s per round\n`);
  report("global lock (old design)", await round(globalLockAppend));
  await sealPendingLogs(db.prisma, { auditKey: AUDIT_KEY });

  const sealer = startLogSealer({ db: db.prisma, databaseUrl: db.url, auditKey: AUDIT_KEY });
  await sealer.whenLeader(30_000);
  const result = await round((tx, conversation, n) =>
    appendAuditEvents(tx, [event(conversation, n)]),
  );
  const behind = await db.prisma.auditEvent.count({ where: { position: null } });
  const drainStart = performance.now();
  await sealPendingLogs(db.prisma, { auditKey: AUDIT_KEY });
  const drained = performance.now() - drainStart;
  await sealer.stop();
  report("unsealed insert + sealer", result);
  console.log(
    `  sealer backlog at the end: ${behind} events, sealed in ${ms(drained)} after the round`,
  );
  const chain = await verifyStoredAuditChain(db.prisma, { auditKey: AUDIT_KEY });
  console.log(
    `  chain: ${chain.ok ? "verified" : `BROKEN (${chain.problem})`}, ${chain.checked} events`,
  );
  if (!chain.ok) process.exitCode = 1;
} finally {
  await db.stop();
}
