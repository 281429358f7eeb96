import "server-only";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { db as defaultDb } from "@/lib/server/db";
import { findAuditEventsAfter } from "@/lib/server/repositories/audit-log-repository";
import type { AuditFilters } from "./audit-filters";
import { csvRow } from "./csv";

const HEADER = [
  "id",
  "created_at",
  "kind",
  "actor_kind",
  "actor_id",
  "subject_type",
  "subject_id",
  "conversation_id",
  "payload",
  "prev_hash",
  "hash",
];

const PAGE_SIZE = 500;

/**
 * The filtered log as CSV in chain order, streamed a page at a time so memory stays flat
 * however long the log is; prev_hash and hash let a reader re-verify the chain offline.
 */
export function exportAuditCsv(
  filters: AuditFilters,
  db: PrismaClient = defaultDb,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let afterId: bigint | undefined;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(csvRow(HEADER)));
        return;
      }
      const rows = await findAuditEventsAfter(db, filters, { afterId, limit: PAGE_SIZE });
      if (rows.length === 0) {
        controller.close();
        return;
      }
      const chunk = rows
        .map((row) =>
          csvRow([
            row.id,
            row.createdAt.toISOString(),
            row.kind,
            row.actorKind,
            row.actorId,
            row.subjectType,
            row.subjectId,
            row.conversationId,
            JSON.stringify(row.payload),
            row.prevHash,
            row.hash,
          ]),
        )
        .join("");
      controller.enqueue(encoder.encode(chunk));
      afterId = rows.at(-1)?.id;
    },
  });
}
