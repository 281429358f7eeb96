import "server-only";
import type { AuditRowFields, SealedAuditRow } from "@/lib/domain/audit-chain";
import type { AuditEvent } from "@/lib/generated/prisma/client";

/*
 * The one mapping from a stored audit row to the fields its MAC covers, shared by the sealer and
 * by verification so both hash exactly the same text.
 */

export function toAuditRowFields(row: AuditEvent): AuditRowFields {
  return {
    id: row.id.toString(),
    kind: row.kind,
    actorKind: row.actorKind,
    actorId: row.actorId,
    subjectType: row.subjectType,
    subjectId: row.subjectId,
    conversationId: row.conversationId,
    payload: row.payload,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A sealed row as verification reads it; null for a row the sealer has not reached yet. */
export function toSealedAuditRow(row: AuditEvent): SealedAuditRow | null {
  if (row.position === null || row.hash === null) return null;
  return {
    ...toAuditRowFields(row),
    position: row.position,
    prevHash: row.prevHash,
    hash: row.hash,
  };
}
