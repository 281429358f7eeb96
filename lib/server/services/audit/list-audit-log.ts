import "server-only";
import type { AuditEvent, PrismaClient } from "@/lib/generated/prisma/client";
import { verifyStoredAuditChain } from "@/lib/server/audit/verify-audit-chain";
import { db as defaultDb } from "@/lib/server/db";
import {
  findAuditEvents,
  listAuditKinds,
  listStaffActors,
} from "@/lib/server/repositories/audit-log-repository";
import type { AuditFilters } from "./audit-filters";

export type AuditLogEntry = {
  id: string;
  at: string;
  kind: string;
  actorKind: AuditEvent["actorKind"];
  actorId: string | null;
  actorLabel: string;
  subjectType: string;
  subjectId: string;
  conversationId: string | null;
  /** Pretty-printed JSON, shown as text. */
  payload: string;
  hash: string;
};

export type AuditChainStatus =
  | { ok: true; checked: number }
  | { ok: false; checked: number; brokenAtId: string; problem: string };

export type AuditLogPage = {
  entries: AuditLogEntry[];
  /** Cursor for the next (older) page, or null on the last page. */
  olderBefore: string | null;
  kinds: string[];
  staff: { id: string; name: string }[];
  chain: AuditChainStatus;
};

export const AUDIT_PAGE_SIZE = 50;

export async function listAuditLog(
  filters: AuditFilters & { before?: string },
  db: PrismaClient = defaultDb,
): Promise<AuditLogPage> {
  const beforeId = filters.before === undefined ? undefined : BigInt(filters.before);
  const [rows, kinds, staff, report] = await Promise.all([
    findAuditEvents(db, filters, { beforeId, limit: AUDIT_PAGE_SIZE + 1 }),
    listAuditKinds(db),
    listStaffActors(db),
    // The whole chain, not just this page: one edited row anywhere breaks every hash after it.
    verifyStoredAuditChain(db),
  ]);
  const names = new Map(staff.map((user) => [user.id, user.name]));
  const page = rows.slice(0, AUDIT_PAGE_SIZE);
  const last = page.at(-1);
  return {
    entries: page.map((row) => ({
      id: row.id.toString(),
      at: row.createdAt.toISOString(),
      kind: row.kind,
      actorKind: row.actorKind,
      actorId: row.actorId,
      actorLabel: actorLabel(row, names),
      subjectType: row.subjectType,
      subjectId: row.subjectId,
      conversationId: row.conversationId,
      payload: JSON.stringify(row.payload, null, 2),
      hash: row.hash,
    })),
    olderBefore: rows.length > AUDIT_PAGE_SIZE && last ? last.id.toString() : null,
    kinds,
    staff,
    chain: report.ok
      ? { ok: true, checked: report.checked }
      : {
          ok: false,
          checked: report.checked,
          brokenAtId: report.brokenAtId.toString(),
          problem: report.problem,
        },
  };
}

function actorLabel(row: AuditEvent, names: Map<string, string>): string {
  switch (row.actorKind) {
    case "staff":
      return names.get(row.actorId ?? "") ?? `staff ${row.actorId ?? "?"}`;
    case "agent":
      return "AI agent";
    case "system":
      return "System";
    case "customer":
      return `Customer ${row.actorId ?? ""}`.trim();
  }
}
