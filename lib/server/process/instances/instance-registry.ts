import "server-only";
import { hostname } from "node:os";
import { Prisma, type PrismaClient } from "@/lib/generated/prisma/client";

/** A process that missed this many seconds of heartbeats is dead, wherever it ran. */
export const DEAD_AFTER_SECONDS = 5;
/** A process on this host that missed one beat and whose pid is gone is dead at once. */
export const SUSPECT_AFTER_MS = 1_500;
/** Our own previous beat older than this means we could not beat either (see beat). */
const OWN_BEAT_LATE_MS = 3_000;

export type Suspect = { id: string; hostname: string; pid: number; silentTooLong: boolean };

export type Reclaimed = { instanceIds: string[]; runIds: string[]; actionIds: string[] };

export async function registerInstance(db: PrismaClient, id: string): Promise<void> {
  // Rows of processes declared dead a day ago are history nobody reads.
  await db.$executeRaw`
    DELETE FROM app_instances WHERE reclaimed_at < clock_timestamp() - interval '1 day'`;
  await db.$executeRaw`
    INSERT INTO app_instances (id, hostname, pid, started_at, heartbeat_at)
    VALUES (${id}, ${hostname()}, ${process.pid}, clock_timestamp(), clock_timestamp())
    ON CONFLICT (id) DO UPDATE SET heartbeat_at = clock_timestamp()`;
}

/*
 * A clean stop: the process leaves the registry, so the next start does not find it silent and
 * "take over the work of app processes that died". Only when it holds no work (no run lease, no
 * outbox lease, no payment it claimed): a process that stops mid-work stays listed, is declared
 * dead and hands that work on like a crashed one. Returns whether it left.
 */
export async function markInstanceStopped(db: PrismaClient, id: string): Promise<boolean> {
  const removed = await db.$executeRaw`
    DELETE FROM app_instances AS i
     WHERE i.id = ${id}
       AND NOT EXISTS (
         SELECT 1 FROM runs AS r
          WHERE r.status IN ('running', 'queued')
            AND (r.lease_owner = i.id OR r.lease_owner LIKE i.id || '/%'))
       AND NOT EXISTS (
         SELECT 1 FROM outbox_emails AS o WHERE o.locked_by = i.id AND o.status = 'sending')
       AND NOT EXISTS (
         SELECT 1 FROM pending_actions AS a
          WHERE a.claimed_by = i.id AND a.status IN ('approved', 'executing'))`;
  return removed > 0;
}

/*
 * One statement per beat: renew our own heartbeat and list the processes that have gone quiet,
 * by the database clock. Usually the list is empty. A process declared dead that beats again
 * (it had stalled) is counted as alive from then on, so its real death is noticed too.
 *
 * Silence is only judged while we beat on time ourselves: if our own last beat is old too, the
 * database was away or this process stalled, so everyone looks silent and nobody is judged dead
 * by silence on this beat (a pid that is gone still counts).
 */
export async function beat(db: PrismaClient, id: string): Promise<Suspect[]> {
  return db.$queryRaw<Suspect[]>`
    WITH previous AS (SELECT heartbeat_at FROM app_instances WHERE id = ${id}),
    renewed AS (
      UPDATE app_instances SET heartbeat_at = clock_timestamp(), reclaimed_at = NULL
       WHERE id = ${id} RETURNING id)
    SELECT i.id, i.hostname, i.pid,
           i.heartbeat_at < clock_timestamp() - make_interval(secs => ${DEAD_AFTER_SECONDS})
             AND COALESCE((SELECT heartbeat_at FROM previous)
                            >= clock_timestamp() - make_interval(secs => ${OWN_BEAT_LATE_MS / 1000}),
                          false)
             AS "silentTooLong"
      FROM app_instances AS i
     WHERE i.id <> ${id}
       AND i.reclaimed_at IS NULL
       AND i.heartbeat_at < clock_timestamp() - make_interval(secs => ${SUSPECT_AFTER_MS / 1000})`;
}

/*
 * Declares the given processes dead and hands their work on, in one statement so that exactly one
 * process does it (the first to set reclaimed_at): their run leases and reservations (tokens
 * start with the process id) and outbox leases lapse now, and their approved or executing payments
 * are claimed by `takenBy` and returned to be settled. The claim moves with them so that a taker
 * that dies before it settles them (killed, or stopped mid-take-over) is declared dead in turn and
 * hands them on again; left with the first dead process, they would wait for the stale sweep.
 * A process wrongly declared dead (stalled, not gone) loses its leases like one that outlived
 * them: every write it tries is fenced off (see run-lease.ts).
 */
export async function declareDead(
  db: PrismaClient,
  instanceIds: string[],
  takenBy: string,
): Promise<Reclaimed> {
  if (instanceIds.length === 0) return { instanceIds: [], runIds: [], actionIds: [] };
  const [row] = await db.$queryRaw<
    { instance_ids: string[] | null; run_ids: string[] | null; action_ids: string[] | null }[]
  >`
    WITH dead AS (
      UPDATE app_instances SET reclaimed_at = clock_timestamp()
       WHERE id IN (${Prisma.join(instanceIds)}) AND reclaimed_at IS NULL
      RETURNING id),
    lapsed_runs AS (
      UPDATE runs AS r SET lease_expires_at = clock_timestamp() - interval '1 millisecond'
        FROM dead
       WHERE r.status IN ('running', 'queued')
         AND (r.lease_owner = dead.id OR r.lease_owner LIKE dead.id || '/%')
      RETURNING r.id),
    -- Postgres runs a data-modifying WITH whether or not the query reads it.
    lapsed_outbox AS (
      UPDATE outbox_emails AS o SET locked_until = clock_timestamp() - interval '1 millisecond'
        FROM dead
       WHERE o.locked_by = dead.id AND o.status = 'sending'),
    abandoned_actions AS (
      UPDATE pending_actions AS a SET claimed_by = ${takenBy}
        FROM dead
       WHERE a.claimed_by = dead.id AND a.status IN ('approved', 'executing')
      RETURNING a.id)
    SELECT (SELECT array_agg(id) FROM dead) AS instance_ids,
           (SELECT array_agg(id) FROM lapsed_runs) AS run_ids,
           (SELECT array_agg(id) FROM abandoned_actions) AS action_ids`;
  return {
    instanceIds: row?.instance_ids ?? [],
    runIds: row?.run_ids ?? [],
    actionIds: row?.action_ids ?? [],
  };
}
