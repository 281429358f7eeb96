import "server-only";
import { parse } from "csv-parse/sync";
import { z } from "zod";
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
import { AppError } from "@/lib/errors/app-error";
import { csvFieldText } from "./csv";
import { AUDIT_EXPORT_HEADER } from "./export-audit-csv";

/*
 * Offline verification of an audit export (the CSV from /audit or /api/audit/export), with no
 * database: a holder of AUDIT_KEY re-computes every row's keyed hash and the links between rows,
 * and checks the chain against checkpoints kept elsewhere (the server log, a copy from /audit).
 * An edited, inserted, removed or reordered row fails as it does in the database; a removed tail
 * fails against a checkpoint past the export's end. The export must be unfiltered from its first
 * row on: a filtered one has gaps in its positions. Its first row is taken as the anchor when it
 * does not start at position 1 (what came before it is not in the file to check). Rows are read
 * with the audit registry as in the database; the file's payload_check column is recomputed, never
 * trusted.
 */

export const trustedCheckpointSchema = z
  .object({
    position: z.union([z.string().regex(/^\d+$/), z.number().int().nonnegative()]),
    hash: z.string().regex(/^[0-9a-f]{64}$/),
    mac: z.string().regex(/^[0-9a-f]{64}$/),
    createdAt: z.string().min(1),
  })
  .transform((checkpoint) => ({ ...checkpoint, position: BigInt(checkpoint.position) }));

export type AuditExportReport = {
  checked: number;
  /** The first position in the export; 1 when it starts at the beginning of the log. */
  from: bigint | null;
  head: ChainHead | null;
  /** Checkpoints before the export's first row, which it cannot confirm or contradict. */
  checkpointsBeforeExport: number;
  /** Verified rows with a kind the registry does not know or a payload that does not match it. */
  unreadable: UnreadableAuditEvents;
} & (
  | { ok: true }
  | { ok: false; problem: AuditChainProblem; brokenAtPosition: bigint; brokenAtId: string | null }
);

const nullable = (field: string) => (field === "" ? null : field);

function toSealedRow(record: Record<string, string>, line: number): SealedAuditRow {
  const field = (name: (typeof AUDIT_EXPORT_HEADER)[number]) => csvFieldText(record[name] ?? "");
  const position = field("position");
  const hash = field("hash");
  if (!/^\d+$/.test(position) || hash === "") {
    throw new AppError("VALIDATION_FAILED", `Row ${line} of the export is not a sealed event.`);
  }
  let payload: unknown;
  try {
    payload = JSON.parse(field("payload"));
  } catch {
    throw new AppError(
      "VALIDATION_FAILED",
      `Row ${line} of the export has a payload that is not JSON.`,
    );
  }
  return {
    id: field("id"),
    position: BigInt(position),
    prevHash: nullable(field("prev_hash")),
    hash,
    kind: field("kind"),
    actorKind: field("actor_kind"),
    actorId: nullable(field("actor_id")),
    subjectType: field("subject_type"),
    subjectId: field("subject_id"),
    conversationId: nullable(field("conversation_id")),
    payload,
    createdAt: field("created_at"),
  };
}

/** The export's rows, in file order; refuses a file that is not an audit export. */
export function parseAuditExport(csv: string): SealedAuditRow[] {
  let records: Record<string, string>[];
  try {
    records = parse(csv, { columns: true, bom: true, skip_empty_lines: true });
  } catch (error) {
    throw new AppError(
      "VALIDATION_FAILED",
      `The file is not valid CSV: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const header = Object.keys(records[0] ?? {});
  if (records.length > 0 && AUDIT_EXPORT_HEADER.some((name) => !header.includes(name))) {
    throw new AppError(
      "VALIDATION_FAILED",
      `The file is not an audit export: its header needs ${AUDIT_EXPORT_HEADER.join(", ")}.`,
    );
  }
  // Line 1 is the header.
  return records.map((record, index) => toSealedRow(record, index + 2));
}

export function verifyAuditExport(
  csv: string,
  key: Uint8Array,
  checkpoints: readonly SignedCheckpoint[] = [],
): AuditExportReport {
  const rows = parseAuditExport(csv);
  const first = rows[0];
  const from = first?.position ?? null;
  // The row before the export, as its first row names it: the anchor the file cannot check.
  const anchor: ChainHead | null =
    first && first.position > 1n && first.prevHash
      ? { position: first.position - 1n, hash: first.prevHash }
      : null;
  const chain = verifyAuditChain(key, rows, anchor);
  const verified = chain.ok ? rows : rows.slice(0, chain.brokenAt);
  const head = verified.length > 0 ? headOf(verified) : anchor;
  // The anchor's hash is authenticated too: the first row's MAC covers it as its prev_hash.
  const hashes = new Map(verified.map((row) => [row.position, row.hash]));
  if (anchor) hashes.set(anchor.position, anchor.hash);
  const firstCheckable = anchor?.position ?? from ?? 0n;
  const checkable = checkpoints.filter((checkpoint) => checkpoint.position >= firstCheckable);
  const base = {
    checked: verified.length,
    from,
    head,
    checkpointsBeforeExport: checkpoints.length - checkable.length,
    unreadable: tallyUnreadable(NO_UNREADABLE_EVENTS, verified),
  };

  if (!chain.ok) {
    const broken = rows[chain.brokenAt] as SealedAuditRow;
    return {
      ...base,
      ok: false,
      problem: chain.problem,
      brokenAtPosition: broken.position,
      brokenAtId: broken.id,
    };
  }
  checkable.sort(byPosition);
  for (const checkpoint of checkable) {
    const problem = checkCheckpoint(key, checkpoint, hashes.get(checkpoint.position) ?? null);
    if (problem) {
      return {
        ...base,
        ok: false,
        problem,
        brokenAtPosition: checkpoint.position,
        brokenAtId: null,
      };
    }
  }
  return { ...base, ok: true };
}

function headOf(rows: readonly SealedAuditRow[]): ChainHead {
  const last = rows.at(-1) as SealedAuditRow;
  return { position: last.position, hash: last.hash };
}
