import "server-only";
import {
  type AuditChainVerification,
  type ChainedAuditEvent,
  verifyAuditChain as verifyChain,
} from "@/lib/domain/audit-events";
import type { AuditEvent, Prisma, PrismaClient } from "@/lib/generated/prisma/client";

/*
 * Re-computes the whole chain from storage, a page at a time so memory stays flat however long
 * the log grows. A failure names the stored id of the first event that does not check out.
 */

export type AuditChainReport =
  | { ok: true; checked: number; lastId: bigint | null }
  | {
      ok: false;
      checked: number;
      brokenAtId: bigint;
      problem: Extract<AuditChainVerification, { ok: false }>["problem"];
    };

const PAGE_SIZE = 1000;

export async function verifyStoredAuditChain(
  db: PrismaClient | Prisma.TransactionClient,
): Promise<AuditChainReport> {
  let anchorHash: string | null = null;
  let afterId: bigint | null = null;
  let checked = 0;
  for (;;) {
    const rows: AuditEvent[] = await db.auditEvent.findMany({
      where: afterId === null ? {} : { id: { gt: afterId } },
      orderBy: { id: "asc" },
      take: PAGE_SIZE,
    });
    if (rows.length === 0) return { ok: true, checked, lastId: afterId };
    const events: ChainedAuditEvent[] = rows.map((row) => ({
      kind: row.kind,
      subjectType: row.subjectType,
      subjectId: row.subjectId,
      actor: { kind: row.actorKind, id: row.actorId },
      occurredAt: row.createdAt,
      payload: row.payload,
      prevHash: row.prevHash,
      hash: row.hash,
    }));
    const result = verifyChain(events, { anchorHash });
    if (!result.ok) {
      const broken = rows[result.brokenAt];
      if (!broken) throw new Error("Audit verification pointed outside the page it was given");
      return {
        ok: false,
        checked: checked + result.brokenAt,
        brokenAtId: broken.id,
        problem: result.problem,
      };
    }
    checked += rows.length;
    const lastRow = rows.at(-1) as AuditEvent;
    anchorHash = lastRow.hash;
    afterId = lastRow.id;
  }
}
