import "server-only";
import type { AuditChainProblem } from "@/lib/domain/audit-chain";
import { type AuditEventReading, readAuditEvent } from "@/lib/domain/audit-events";
import type { AuditEvent } from "@/lib/generated/prisma/client";
import { verifyStoredAuditChain } from "@/lib/server/audit/verify-audit-chain";
import {
  findAuditEvents,
  listAuditKinds,
  listStaffActors,
} from "@/lib/server/services/audit/audit-log-queries";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import type { AuditFilters } from "./audit-filters";

export type AuditLogEntry = {
  id: string;
  position: string;
  at: string;
  kind: string;
  actorKind: AuditEvent["actorKind"];
  actorId: string | null;
  actorLabel: string;
  subjectType: string;
  subjectId: string;
  conversationId: string | null;
  /** Pretty-printed JSON as stored, shown as text. */
  payload: string;
  /** Whether the audit registry knows the kind and the payload matches it. */
  reading: AuditEventReading;
  hash: string;
};

export type AuditCheckpointSummary = { position: string; hash: string; mac: string; at: string };

export type AuditChainStatus = {
  checked: number;
  /** Committed events not yet sealed into the chain (normally none, or a moment's worth). */
  pending: number;
  checkpoint: AuditCheckpointSummary | null;
  /** Verified events with a kind or payload the registry does not recognise: counted, first few named. */
  unreadable: {
    count: number;
    first: { position: string; id: string; kind: string; problem: string }[];
  };
} & (
  | { ok: true }
  | { ok: false; brokenAtPosition: string; brokenAtId: string | null; problem: AuditChainProblem }
);

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
  context: Pick<UseCaseContext, "db">,
): Promise<AuditLogPage> {
  const { db } = context;
  const beforePosition = filters.before === undefined ? undefined : BigInt(filters.before);
  const [rows, kinds, staff, report] = await Promise.all([
    findAuditEvents(db, filters, { beforePosition, limit: AUDIT_PAGE_SIZE + 1 }),
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
      position: String(row.position),
      at: row.createdAt.toISOString(),
      kind: row.kind,
      actorKind: row.actorKind,
      actorId: row.actorId,
      actorLabel: actorLabel(row, names),
      subjectType: row.subjectType,
      subjectId: row.subjectId,
      conversationId: row.conversationId,
      payload: JSON.stringify(row.payload, null, 2),
      reading: readAuditEvent(row),
      hash: row.hash ?? "",
    })),
    olderBefore: rows.length > AUDIT_PAGE_SIZE && last ? String(last.position) : null,
    kinds,
    staff,
    chain: {
      checked: report.checked,
      pending: report.pending,
      checkpoint: report.checkpoint && {
        position: report.checkpoint.position.toString(),
        hash: report.checkpoint.hash,
        mac: report.checkpoint.mac,
        at: report.checkpoint.createdAt.toISOString(),
      },
      unreadable: {
        count: report.unreadable.count,
        first: report.unreadable.first.map((event) => ({
          ...event,
          position: event.position.toString(),
        })),
      },
      ...(report.ok
        ? { ok: true as const }
        : {
            ok: false as const,
            problem: report.problem,
            brokenAtPosition: report.brokenAtPosition.toString(),
            brokenAtId: report.brokenAtId?.toString() ?? null,
          }),
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
