import "server-only";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";
import { appendAuditEvents } from "@/lib/server/audit/append-audit-events";

/*
 * Poison rows. A sweep that fails on a row counts the failure here; a row that failed
 * DEAD_LETTER_AFTER times in a row is dead-lettered: every later pass leaves it out, so one row
 * that can never be processed (a stored quote that no longer parses) cannot stop the rest of its
 * batch, the other sweeps, or other instances. The move is audited in its own transaction. A
 * success clears the count, so transient failures (a database blip) never add up to a dead letter.
 */

export const DEAD_LETTER_AFTER = 3;

export type SweepName = "expire_stale_actions" | "reconcile_payments";

export type SweepFailure = { subjectId: string; attempts: number; deadLettered: boolean };

export async function recordSweepFailure(
  db: PrismaClient,
  sweep: SweepName,
  subjectId: string,
  error: unknown,
): Promise<SweepFailure> {
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
  return db.$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<{ attempts: number; newly_dead: boolean }[]>`
      INSERT INTO sweep_dead_letters (id, sweep, subject_type, subject_id, last_error, updated_at)
      VALUES (${newId("dl")}, ${sweep}, 'pending_action', ${subjectId}, ${message},
              clock_timestamp())
      ON CONFLICT (sweep, subject_id) DO UPDATE
         SET attempts = sweep_dead_letters.attempts + 1,
             last_error = EXCLUDED.last_error,
             updated_at = EXCLUDED.updated_at,
             dead_at = CASE WHEN sweep_dead_letters.attempts + 1 >= ${DEAD_LETTER_AFTER}
                            THEN COALESCE(sweep_dead_letters.dead_at, clock_timestamp()) END
      RETURNING attempts,
                (dead_at IS NOT NULL AND attempts = ${DEAD_LETTER_AFTER}) AS newly_dead`;
    const attempts = row?.attempts ?? 1;
    const deadLettered = attempts >= DEAD_LETTER_AFTER;
    if (row?.newly_dead) {
      await appendAuditEvents(tx, [
        {
          kind: "sweep.dead_lettered",
          subjectType: "pending_action",
          subjectId,
          actor: { type: "system" },
          occurredAt: new Date(),
          payload: { sweep, attempts, error: message },
        },
      ]);
    }
    return { subjectId, attempts, deadLettered };
  });
}

export type SweepFailureState = {
  /** Rows this sweep passes by. */
  deadLettered: string[];
  /** Rows with failures counted, which a success clears. */
  failing: ReadonlySet<string>;
};

export async function loadSweepFailures(
  db: PrismaClient,
  sweep: SweepName,
): Promise<SweepFailureState> {
  const rows = await db.sweepDeadLetter.findMany({
    where: { sweep },
    select: { subjectId: true, deadAt: true },
  });
  return {
    deadLettered: rows.filter((row) => row.deadAt !== null).map((row) => row.subjectId),
    failing: new Set(rows.filter((row) => row.deadAt === null).map((row) => row.subjectId)),
  };
}

export async function clearSweepFailures(
  db: PrismaClient,
  state: SweepFailureState,
  sweep: SweepName,
  subjectId: string,
): Promise<void> {
  if (!state.failing.has(subjectId)) return;
  await db.sweepDeadLetter.deleteMany({ where: { sweep, subjectId, deadAt: null } });
}
