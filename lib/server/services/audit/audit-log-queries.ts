import "server-only";
import type { AuditEvent, Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import type { AuditFilters } from "@/lib/server/services/audit/audit-filters";

type Reader = PrismaClient | Prisma.TransactionClient;

export function auditWhere(filters: AuditFilters): Prisma.AuditEventWhereInput {
  // Only sealed rows: an unsealed one has no place in the chain yet and is shown once sealed.
  const and: Prisma.AuditEventWhereInput[] = [{ position: { not: null } }];
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

/** Newest first, `limit` rows before `beforePosition`: keyset pages stay fast at any depth. */
export async function findAuditEvents(
  db: Reader,
  filters: AuditFilters,
  options: { beforePosition?: bigint; limit: number },
): Promise<AuditEvent[]> {
  const where = auditWhere(filters);
  return db.auditEvent.findMany({
    where:
      options.beforePosition === undefined
        ? where
        : { AND: [where, { position: { lt: options.beforePosition } }] },
    orderBy: { position: "desc" },
    take: options.limit,
  });
}

/** Oldest first after `afterPosition`, for exports that walk the filtered log in chain order. */
export async function findAuditEventsAfter(
  db: Reader,
  filters: AuditFilters,
  options: { afterPosition?: bigint; limit: number },
): Promise<AuditEvent[]> {
  const where = auditWhere(filters);
  return db.auditEvent.findMany({
    where:
      options.afterPosition === undefined
        ? where
        : { AND: [where, { position: { gt: options.afterPosition } }] },
    orderBy: { position: "asc" },
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
