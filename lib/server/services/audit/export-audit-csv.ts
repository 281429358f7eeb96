import "server-only";
import { describeAuditEventReading, readAuditEvent } from "@/lib/domain/audit-events";
import { findAuditEventsAfter } from "@/lib/server/services/audit/audit-log-queries";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import type { AuditFilters } from "./audit-filters";
import { csvRow } from "./csv";

/** The columns verification needs, in order; verify-audit-export.ts reads them back by name. */
export const AUDIT_EXPORT_HEADER = [
  "position",
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
] as const;

/**
 * After them, how the audit registry reads the row ("valid", "unknown kind" or "invalid: …"), so
 * a reader of the file sees which payloads this build does not recognise. Not hashed.
 */
export const PAYLOAD_CHECK_COLUMN = "payload_check";

const PAGE_SIZE = 500;

/**
 * The filtered log as CSV in chain (position) order, streamed a page at a time so memory stays
 * flat however long the log is; with every column, prev_hash and hash, a holder of AUDIT_KEY can
 * re-verify the unfiltered chain offline.
 */
export function exportAuditCsv(
  filters: AuditFilters,
  context: Pick<UseCaseContext, "db">,
): ReadableStream<Uint8Array> {
  const { db } = context;
  const encoder = new TextEncoder();
  let afterPosition: bigint | undefined;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(csvRow([...AUDIT_EXPORT_HEADER, PAYLOAD_CHECK_COLUMN])));
        return;
      }
      const rows = await findAuditEventsAfter(db, filters, { afterPosition, limit: PAGE_SIZE });
      if (rows.length === 0) {
        controller.close();
        return;
      }
      const chunk = rows
        .map((row) =>
          csvRow([
            row.position,
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
            describeAuditEventReading(readAuditEvent(row)),
          ]),
        )
        .join("");
      controller.enqueue(encoder.encode(chunk));
      afterPosition = rows.at(-1)?.position ?? undefined;
    },
  });
}
