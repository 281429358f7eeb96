import "server-only";
import { type RunState, type RunStatus, transitionRun } from "@/lib/domain/run-lifecycle";
import { Prisma, type PrismaClient } from "@/lib/generated/prisma/client";
import { leaseOf } from "./run-transitions";

export const LEASE_SECONDS = 30;

export type ClaimOutcome =
  | { claimed: false }
  | { claimed: true; conversationId: string; previousOwner: string | null; wasQueued: boolean };

export class LeaseLostError extends Error {
  constructor(runId: string) {
    super(`Run ${runId} is no longer leased by this process`);
    this.name = "LeaseLostError";
  }
}

/*
 * Only one process advances a run. The claim is a conditional UPDATE that must touch exactly one
 * row: the lease is free or lapsed, and no other run of the same conversation holds a live lease
 * (an advisory lock on the conversation serialises two claimers of different runs). Every lease
 * time is set and compared by Postgres (clock_timestamp(), not the transaction's start, which may
 * lie behind a wait for the lock) in timestamptz columns, so neither clock skew between instances
 * nor the server's or the app's time zone can hand out overlapping leases.
 */
export async function claimRun<Started = void>(
  db: PrismaClient,
  runId: string,
  owner: string,
  // Runs in the claim's transaction; what it returns comes back as `started`.
  onClaimed: (
    tx: Prisma.TransactionClient,
    outcome: ClaimOutcome & { claimed: true },
  ) => Promise<Started>,
  // The token a run was queued with (see reserveRunLease); only its holder may claim early.
  reservation?: string,
  // Refuse the claim while a person holds the conversation (see human-hold.ts).
  { unlessHeldByHuman = false }: { unlessHeldByHuman?: boolean } = {},
): Promise<{ claimed: false } | (ClaimOutcome & { claimed: true; started: Started })> {
  return db.$transaction(async (tx) => {
    const [run] = await tx.$queryRaw<
      {
        conversation_id: string;
        lease_owner: string | null;
        lapsed: boolean;
        stop_requested: boolean;
        status: RunStatus;
        held_by_human: boolean;
      }[]
    >`SELECT conversation_id, lease_owner, status::text AS status,
             (lease_expires_at IS NULL OR lease_expires_at < clock_timestamp()) AS lapsed,
             stop_requested_at IS NOT NULL AS stop_requested,
             EXISTS (SELECT 1 FROM conversations AS c
                      WHERE c.id = runs.conversation_id AND c.human_owner_id IS NOT NULL
             ) AS held_by_human,
             -- Taken with the read (a round trip fewer); the UPDATE below re-checks the row.
             pg_advisory_xact_lock(hashtextextended(conversation_id, 0))::text AS locked
        FROM runs WHERE id = ${runId}`;
    if (!run || (unlessHeldByHuman && run.held_by_human)) return { claimed: false };
    const reservedForClaimer = reservation !== undefined && run.lease_owner === reservation;
    const decision = transitionRun(
      {
        status: run.status,
        lease: leaseOf(run.lease_owner, run.lapsed),
        stopRequested: run.stop_requested,
      },
      run.status === "queued"
        ? { type: "claimed", reservedForClaimer }
        : { type: "lease_recovered" },
    );
    if (!decision.ok) return { claimed: false };
    // The lifecycle decided on the row as read; the conditions below make the write happen only
    // if the row is still so, now that we hold the conversation's lock.
    const rows = await tx.$queryRaw<{ id: string }[]>`
      UPDATE runs AS r
         SET lease_owner = ${owner},
             lease_expires_at = clock_timestamp() + make_interval(secs => ${LEASE_SECONDS}),
             status = ${decision.run.status}::"RunStatus",
             started_by_process = COALESCE(r.started_by_process, ${owner}),
             updated_at = now()
       WHERE r.id = ${runId}
         AND r.status = ${run.status}::"RunStatus"
         AND (r.lease_owner IS NULL OR r.lease_expires_at < clock_timestamp()
              OR r.lease_owner = ${reservation ?? null})
         AND NOT EXISTS (
           SELECT 1 FROM runs AS other
            WHERE other.conversation_id = r.conversation_id
              AND other.id <> r.id
              AND other.status = 'running'
              AND other.lease_expires_at >= clock_timestamp())
      RETURNING r.id`;
    if (rows.length !== 1) {
      // The holder's work is done but another run of the conversation is busy: give up the
      // reservation so that run's successor hand-off (or the sweeper) can start this one.
      if (reservedForClaimer) {
        await tx.$executeRaw`
          UPDATE runs SET lease_owner = NULL, lease_expires_at = NULL
           WHERE id = ${runId} AND lease_owner = ${reservation} AND status = 'queued'`;
      }
      return { claimed: false };
    }
    const outcome = {
      claimed: true as const,
      conversationId: run.conversation_id,
      previousOwner: run.lease_owner === reservation ? null : run.lease_owner,
      wasQueued: run.status === "queued",
    };
    return { ...outcome, started: await onClaimed(tx, outcome) };
  });
}

/*
 * A run queued by a request that still has work to do before the agent may start (applying the
 * customer's confirmation) is reserved: nobody else can claim it until the reservation lapses,
 * which is also what hands it to the sweeper if that request's process dies. The expiry comes
 * from the database clock, like every lease.
 */
export async function reserveRunLease(
  tx: Prisma.TransactionClient,
  runId: string,
  token: string,
): Promise<void> {
  await tx.$executeRaw`
    UPDATE runs SET lease_owner = ${token},
                    lease_expires_at = clock_timestamp() + make_interval(secs => ${LEASE_SECONDS})
     WHERE id = ${runId}`;
}

/*
 * The write guard, in every statement that renews a lease: the caller still owns it AND it has not
 * lapsed by the database clock. A process that stalled past its lease (a GC pause, a hung socket)
 * has lost the run even if nobody claimed it yet, so it can neither write a step nor renew; the
 * sweeper or a new claim continues from the stored steps.
 */
export function heldBy(owner: string): Prisma.Sql {
  return Prisma.sql`lease_owner = ${owner} AND status = 'running' AND lease_expires_at >= clock_timestamp()`;
}

// Renews the lease and proves we still own it, inside the transaction that writes a step:
// a process that lost its lease can never append to someone else's run. Returns the run as the
// lifecycle sees it, held by us (the row stays locked until the transaction ends).
export async function assertLease(
  tx: Prisma.TransactionClient,
  runId: string,
  owner: string,
): Promise<RunState> {
  const rows = await tx.$queryRaw<{ status: RunStatus; stop_requested: boolean }[]>`
    UPDATE runs SET lease_expires_at = clock_timestamp() + make_interval(secs => ${LEASE_SECONDS}), updated_at = now()
     WHERE id = ${runId} AND ${heldBy(owner)}
    RETURNING status::text AS status, stop_requested_at IS NOT NULL AS stop_requested`;
  const row = rows[0];
  if (!row) throw new LeaseLostError(runId);
  return { status: row.status, lease: "held", stopRequested: row.stop_requested };
}

/** The run's counters a step write stores (write-steps.ts), with the fenced lease renewal. */
export type StepTotals = {
  stepCount: number;
  inputTokens?: number;
  outputTokens?: number;
  costMicroUsd?: number;
  providerResponseId?: string | null;
};

export async function heartbeatLease(
  db: PrismaClient,
  runId: string,
  owner: string,
): Promise<{ held: boolean; stopRequested: boolean }> {
  const rows = await db.$queryRaw<{ stop_requested_at: Date | null }[]>`
    UPDATE runs SET lease_expires_at = clock_timestamp() + make_interval(secs => ${LEASE_SECONDS})
     WHERE id = ${runId} AND ${heldBy(owner)}
    RETURNING stop_requested_at`;
  const row = rows[0];
  return { held: row !== undefined, stopRequested: row?.stop_requested_at != null };
}
