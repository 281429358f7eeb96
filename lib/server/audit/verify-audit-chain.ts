import "server-only";
import {
  type AuditChainProblem,
  byPosition,
  type ChainHead,
  checkCheckpoint,
  type SealedAuditRow,
  type SignedCheckpoint,
  verifyAuditChain,
} from "@/lib/domain/audit-chain";
import {
  NO_UNREADABLE_EVENTS,
  tallyUnreadable,
  type UnreadableAuditEvents,
} from "@/lib/domain/audit-events";
import type { AuditEvent, Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import { type AuditCheckpointRecord, latestAuditCheckpoint } from "./audit-checkpoint";
import { resolveAuditKey } from "./audit-key";
import { toSealedAuditRow } from "./audit-rows";

/*
 * Re-computes the whole keyed chain from storage in position order, a page at a time so memory
 * stays flat however long the log grows, and checks every stored checkpoint against it (and any
 * checkpoints held outside the database, such as one copied from /audit or the logs). A failure
 * names the first row that does not check out. Every verified row is also read with the audit
 * registry: one whose kind or payload it does not know is reported, while its hash is checked over
 * the stored bytes like any other.
 */

export type AuditChainReport = {
  checked: number;
  head: ChainHead | null;
  /** Committed rows the sealer has not reached yet (not covered by this check). */
  pending: number;
  checkpoint: AuditCheckpointRecord | null;
  /** Verified rows with a kind the registry does not know or a payload that does not match it. */
  unreadable: UnreadableAuditEvents;
} & (
  | { ok: true }
  | {
      ok: false;
      problem: AuditChainProblem;
      /** The first row that fails, or null when the problem is a checkpoint past the end. */
      brokenAtId: bigint | null;
      brokenAtPosition: bigint;
    }
);

export type VerifyOptions = {
  /** Defaults to AUDIT_KEY. */
  auditKey?: string;
  /** Checkpoints kept outside the database; their MAC is checked like the stored ones. */
  trustedCheckpoints?: readonly SignedCheckpoint[];
};

const PAGE_SIZE = 1000;

type Reader = PrismaClient | Prisma.TransactionClient;

export async function verifyStoredAuditChain(
  db: PrismaClient,
  options: VerifyOptions = {},
): Promise<AuditChainReport> {
  const key = resolveAuditKey(options.auditKey);
  const [pending, checkpoint, stored] = await Promise.all([
    db.auditEvent.count({ where: { position: null } }),
    latestAuditCheckpoint(db),
    db.auditCheckpoint.findMany({ orderBy: { position: "asc" } }),
  ]);
  const checkpoints = [
    ...stored.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    ...(options.trustedCheckpoints ?? []),
  ].sort(byPosition);
  const base = { pending, checkpoint };

  let head: ChainHead | null = null;
  let checked = 0;
  let nextCheckpoint = 0;
  let unreadable = NO_UNREADABLE_EVENTS;
  for (;;) {
    const rows = await readSealedPage(db, head?.position ?? 0n);
    const sealed = rows.map(toSealedAuditRow);
    const firstUnreadable = sealed.indexOf(null);
    const page = (
      firstUnreadable === -1 ? sealed : sealed.slice(0, firstUnreadable)
    ) as SealedAuditRow[];
    const result = verifyAuditChain(key, page, head);
    const brokenAt = !result.ok ? result.brokenAt : firstUnreadable === -1 ? -1 : firstUnreadable;
    const verified = brokenAt === -1 ? page : page.slice(0, brokenAt);
    unreadable = tallyUnreadable(unreadable, verified);

    for (const row of verified) {
      for (; nextCheckpoint < checkpoints.length; nextCheckpoint += 1) {
        const candidate = checkpoints[nextCheckpoint] as (typeof checkpoints)[number];
        if (candidate.position > row.position) break;
        const hashAt = candidate.position === row.position ? row.hash : "";
        const problem = checkCheckpoint(key, candidate, hashAt);
        if (problem) {
          return {
            ...base,
            unreadable,
            ok: false,
            problem,
            checked,
            head,
            brokenAtId: null,
            brokenAtPosition: candidate.position,
          };
        }
      }
      head = { position: row.position, hash: row.hash };
      checked += 1;
    }
    if (brokenAt !== -1) {
      const row = rows[brokenAt] as AuditEvent;
      return {
        ...base,
        unreadable,
        ok: false,
        problem: result.ok ? "HASH_MISMATCH" : result.problem,
        checked,
        head,
        brokenAtId: row.id,
        brokenAtPosition: row.position ?? (head?.position ?? 0n) + 1n,
      };
    }
    if (rows.length < PAGE_SIZE) break;
  }

  // Checkpoints beyond the end: the newest events were removed (or the checkpoint was forged).
  const beyond = checkpoints[nextCheckpoint];
  if (beyond) {
    const problem = checkCheckpoint(key, beyond, null) ?? "TAIL_MISSING";
    return {
      ...base,
      unreadable,
      ok: false,
      problem,
      checked,
      head,
      brokenAtId: null,
      brokenAtPosition: beyond.position,
    };
  }
  return { ...base, unreadable, ok: true, checked, head };
}

async function readSealedPage(db: Reader, afterPosition: bigint): Promise<AuditEvent[]> {
  return db.auditEvent.findMany({
    where: { position: { gt: afterPosition } },
    orderBy: { position: "asc" },
    take: PAGE_SIZE,
  });
}
