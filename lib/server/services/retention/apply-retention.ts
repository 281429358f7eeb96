import "server-only";
import type { Actor } from "@/lib/domain/actor";
import {
  RETAINED_KINDS,
  type RetentionCounts,
  type RetentionCutoffs,
  retentionCutoffs,
  totalPruned,
} from "@/lib/domain/retention";
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import { appendAuditEvents } from "@/lib/server/audit/append-audit-events";
import { getSettings } from "@/lib/server/settings/get-settings";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import { closedTranscriptRunIds, eligibleIds, TABLE_OF } from "./retention-queries";

export type RetentionResult =
  | { outcome: "pruned" | "dry_run"; counts: RetentionCounts; cutoffs: RetentionCutoffs }
  // Another instance holds the retention lock and is pruning right now.
  | { outcome: "busy" };

type RetentionActor = (Actor & { type: "staff" }) | { type: "system" };

/*
 * Deletes what is past its retention period (lib/domain/retention.ts, per the settings) and
 * audits the counts in the same transaction, so the audit says exactly what went. Audit events
 * are never touched (their trigger refuses DELETE anyway). A dry run counts the same rows and
 * deletes nothing. The scheduled run audits only when it pruned something; a person's run is
 * always audited.
 */
export async function applyRetention(
  input: { dryRun: boolean; actor: RetentionActor },
  context: Pick<UseCaseContext, "db" | "now">,
): Promise<RetentionResult> {
  const { db } = context;
  const now = context.now();
  const cutoffs = retentionCutoffs(now, await getSettings(db));
  if (input.dryRun)
    return { outcome: "dry_run", counts: await countEligible(db, cutoffs), cutoffs };
  return db.$transaction(
    async (tx) => {
      if (!(await tryRetentionLock(tx))) return { outcome: "busy" as const };
      const counts = await deleteEligible(tx, cutoffs);
      if (input.actor.type === "staff" || totalPruned(counts) > 0) {
        await appendAuditEvents(tx, [
          {
            kind: "retention.pruned",
            subjectType: "retention",
            subjectId: "retention",
            actor: input.actor,
            occurredAt: now,
            payload: { ...counts, cutoffs: isoCutoffs(cutoffs) },
          },
        ]);
      }
      return { outcome: "pruned" as const, counts, cutoffs };
    },
    { timeout: 120_000 },
  );
}

async function countEligible(
  db: PrismaClient | Prisma.TransactionClient,
  cutoffs: RetentionCutoffs,
): Promise<RetentionCounts> {
  const counts = {} as RetentionCounts;
  for (const kind of RETAINED_KINDS) {
    const [row] = await db.$queryRaw<[{ count: number }]>`
      SELECT count(*)::int AS count FROM (${eligibleIds(kind, cutoffs)}) eligible`;
    counts[kind] = row.count;
  }
  return counts;
}

async function deleteEligible(
  tx: Prisma.TransactionClient,
  cutoffs: RetentionCutoffs,
): Promise<RetentionCounts> {
  await tx.$executeRaw`UPDATE runs SET provider_response_id = NULL
    WHERE provider_response_id IS NOT NULL AND id IN (${closedTranscriptRunIds(cutoffs)})`;
  const counts = {} as RetentionCounts;
  for (const kind of RETAINED_KINDS) {
    counts[kind] = await tx.$executeRaw`
      DELETE FROM ${TABLE_OF[kind]} WHERE id IN (${eligibleIds(kind, cutoffs)})`;
  }
  return counts;
}

async function tryRetentionLock(tx: Prisma.TransactionClient): Promise<boolean> {
  const [row] = await tx.$queryRaw<[{ locked: boolean }]>`
    SELECT pg_try_advisory_xact_lock(hashtextextended('retention', 0)) AS locked`;
  return row.locked;
}

function isoCutoffs(cutoffs: RetentionCutoffs): Record<keyof RetentionCounts, string> {
  return Object.fromEntries(
    RETAINED_KINDS.map((kind) => [kind, cutoffs[kind].toISOString()]),
  ) as Record<keyof RetentionCounts, string>;
}
