import "server-only";
import type { AuditEvent, Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import type { AuditFilters } from "@/lib/server/services/audit/audit-filters";

type Reader = PrismaClient | Prisma.TransactionClient;

export function auditWhere(filters: AuditFilters): Prisma.AuditEventWhereInput {
  const and: Prisma.AuditEventWhereInput[] = [];
  if (filters.conversation) and.push({ conversationId: filters.conversation });
  if (filters.action) {
    // Refund and email events name the action in their payload rather than as their subject.
    and.push({
      OR: [
        { subjectId: filters.action },
        { payload: { path: ["pendingActionId"], equals: filters.action } },
      ],
    });
  }
  if (filters.actor?.startsWith("staff:")) {
    and.push({ actorKind: "staff", actorId: filters.actor.slice("staff:".length) });
  } else if (filters.actor?.startsWith("kind:")) {
    and.push({ actorKind: filters.actor.slice("kind:".length) as AuditEvent["actorKind"] });
  }
  if (filters.kind) and.push({ kind: filters.kind });
  if (filters.from) and.push({ createdAt: { gte: filters.from } });
  if (filters.to) and.push({ createdAt: { lte: filters.to } });
  return { AND: and };
}

/** Newest first, `limit` rows older than `beforeId`: keyset pages stay fast at any depth. */
export async function findAuditEvents(
  db: Reader,
  filters: AuditFilters,
  options: { beforeId?: bigint; limit: number },
): Promise<AuditEvent[]> {
  const where = auditWhere(filters);
  return db.auditEvent.findMany({
    where:
      options.beforeId === undefined ? where : { AND: [where, { id: { lt: options.beforeId } }] },
    orderBy: { id: "desc" },
    take: options.limit,
  });
}

/** Oldest first from `afterId`, for exports that walk the whole filtered log in chain order. */
export async function findAuditEventsAfter(
  db: Reader,
  filters: AuditFilters,
  options: { afterId?: bigint; limit: number },
): Promise<AuditEvent[]> {
  const where = auditWhere(filters);
  return db.auditEvent.findMany({
    where:
      options.afterId === undefined ? where : { AND: [where, { id: { gt: options.afterId } }] },
    orderBy: { id: "asc" },
    take: options.limit,
  });
}

export async function listAuditKinds(db: Reader): Promise<string[]> {
  const kinds = await db.auditEvent.groupBy({ by: ["kind"], orderBy: { kind: "asc" } });
  return kinds.map((row) => row.kind);
}

export async function listStaffActors(db: Reader): Promise<{ id: string; name: string }[]> {
  return db.staffUser.findMany({ select: { id: true, name: true }, orderBy: { name: "asc" } });
}
