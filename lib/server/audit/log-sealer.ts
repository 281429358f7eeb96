import "server-only";
import pg from "pg";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { utcConnection } from "@/lib/server/database-session";
import { UNSEALED_CHANNEL } from "@/lib/server/realtime/publish";
import { type AuditCheckpointRecord, writeAuditCheckpoint } from "./audit-checkpoint";
import { resolveAuditKey } from "./audit-key";
import { sealPendingLogs, sealRealtimeOn } from "./seal-pending-logs";

/*
 * The background sealer. Every app process runs one; exactly one per database is the leader: the
 * one holding a session-level advisory lock on its own connection. The others retry the lock
 * every second, so when the leader's process dies (its connection closes and Postgres releases
 * the lock) another takes over within about a second. Only the leader seals: it wakes on the
 * writers' notification, or polls, and seals in batches (seal-pending-logs.ts). Seal batches also
 * take a transaction lock, so a leader that has not yet noticed it lost its connection cannot
 * hand out positions twice beside its successor.
 */

/** Arbitrary, fixed key for pg_try_advisory_lock: "sealer". */
const LEADER_LOCK_KEY = 0x7365_616c_6572n;

export type LogSealerOptions = {
  db: PrismaClient;
  databaseUrl: string;
  auditKey?: string;
  /** Sealing when no writer notified (audit-only writes do not): default 200 ms. */
  pollMs?: number;
  /**
   * How long a writer's notification waits before the pass it triggers: default 25 ms. Commits
   * arriving in that window are sealed by the same pass, so a busy database costs one pass per
   * window instead of one per commit, and the pass (which shares its process's event loop with
   * request handling and agent runs) stops landing between every step of a running turn.
   */
  batchWindowMs?: number;
  /** How often a standby tries to take over: default 1 s. */
  takeoverMs?: number;
  /** Checkpoint of the audit head and a liveness check of the lock connection: default 10 s. */
  checkpointMs?: number;
  onCheckpoint?: (checkpoint: AuditCheckpointRecord) => void;
  onProblem?: (error: unknown, message: string) => void;
};

export type LogSealer = {
  isLeader(): boolean;
  /** Resolves true once this sealer leads, or false after `timeoutMs`. */
  whenLeader(timeoutMs: number): Promise<boolean>;
  /** Stops sealing and closes the lock connection, which frees leadership at once. */
  stop(): Promise<void>;
};

const LIVENESS_TIMEOUT_MS = 5_000;
const DEFAULT_BATCH_WINDOW_MS = 25;

export function startLogSealer(options: LogSealerOptions): LogSealer {
  const { db, databaseUrl } = options;
  const pollMs = options.pollMs ?? 200;
  const batchWindowMs = options.batchWindowMs ?? DEFAULT_BATCH_WINDOW_MS;
  const takeoverMs = options.takeoverMs ?? 1_000;
  const checkpointMs = options.checkpointMs ?? 10_000;
  const key = options.auditKey;
  const keyBytes = resolveAuditKey(key);

  let stopped = false;
  let leader = false;
  let current: pg.Client | null = null;
  let wake: (() => void) | null = null;
  let wakePending = false;
  let batchTimer: NodeJS.Timeout | null = null;
  const leaderWaiters = new Set<() => void>();

  const notify = () => {
    if (batchTimer) {
      clearTimeout(batchTimer);
      batchTimer = null;
    }
    if (wake) wake();
    else wakePending = true;
  };
  const notifyAfterWindow = () => {
    if (batchWindowMs <= 0) return notify();
    batchTimer ??= setTimeout(notify, batchWindowMs);
  };
  const sleepOrWake = (ms: number) =>
    new Promise<void>((resolve) => {
      if (wakePending) {
        wakePending = false;
        return resolve();
      }
      const done = () => {
        clearTimeout(timer);
        wake = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      wake = done;
    });

  async function lead(client: pg.Client, isLost: () => boolean): Promise<void> {
    await client.query(`LISTEN ${UNSEALED_CHANNEL}`);
    leader = true;
    for (const waiter of leaderWaiters) waiter();
    let lastCheckpoint = 0;
    while (!stopped && !isLost()) {
      const { auditPending } = await sealRealtimeOn(client);
      if (auditPending) await sealPendingLogs(db, { auditKey: key, checkpoint: false });
      const now = Date.now();
      if (now - lastCheckpoint >= checkpointMs) {
        lastCheckpoint = now;
        await provesAlive(client);
        const checkpoint = await writeAuditCheckpoint(db, keyBytes, new Date(now));
        if (checkpoint) options.onCheckpoint?.(checkpoint);
      }
      await sleepOrWake(pollMs);
    }
  }

  async function run(): Promise<void> {
    let retryMs = 250;
    while (!stopped) {
      let lost = false;
      const client = new pg.Client({
        ...utcConnection(databaseUrl),
        application_name: "countersign-sealer",
        keepAlive: true,
        keepAliveInitialDelayMillis: 10_000,
      });
      const onLost = () => {
        lost = true;
        notify();
      };
      client.on("error", onLost);
      client.on("end", onLost);
      client.on("notification", notifyAfterWindow);
      try {
        await client.connect();
        current = client;
        retryMs = 250;
        while (!stopped && !lost) {
          const { rows } = await client.query<{ locked: boolean }>(
            "SELECT pg_try_advisory_lock($1) AS locked",
            [LEADER_LOCK_KEY.toString()],
          );
          if (rows[0]?.locked) {
            await lead(client, () => lost);
            break;
          }
          await sleepOrWake(takeoverMs);
        }
      } catch (error) {
        if (!stopped) options.onProblem?.(error, "log sealer failed; reconnecting");
      } finally {
        leader = false;
        current = null;
        client.removeAllListeners("end");
        await client.end().catch(() => {});
      }
      if (!stopped) {
        await sleepOrWake(retryMs);
        retryMs = Math.min(retryMs * 2, 5_000);
      }
    }
  }

  const running = run();
  return {
    isLeader: () => leader,
    whenLeader(timeoutMs) {
      if (leader) return Promise.resolve(true);
      return new Promise((resolve) => {
        const done = () => {
          clearTimeout(timer);
          leaderWaiters.delete(done);
          resolve(leader);
        };
        const timer = setTimeout(done, timeoutMs);
        leaderWaiters.add(done);
      });
    },
    async stop() {
      stopped = true;
      notify();
      await current?.end().catch(() => {});
      await running;
    },
  };
}

/** A lock connection that died silently would otherwise keep this process believing it leads. */
async function provesAlive(client: pg.Client): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error("lock connection check timed out")),
      LIVENESS_TIMEOUT_MS,
    );
  });
  try {
    await Promise.race([client.query("SELECT 1"), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
