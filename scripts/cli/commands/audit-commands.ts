import fs from "node:fs/promises";
import type { Command } from "commander";
import type { SignedCheckpoint } from "@/lib/domain/audit-chain";
import type { UnreadableAuditEvents } from "@/lib/domain/audit-events";
import { isAppError } from "@/lib/errors/app-error";
import { resolveAuditKey } from "@/lib/server/audit/audit-key";
import { verifyStoredAuditChain } from "@/lib/server/audit/verify-audit-chain";
import { db } from "@/lib/server/db";
import {
  type AuditExportReport,
  trustedCheckpointSchema,
  verifyAuditExport,
} from "@/lib/server/services/audit/verify-audit-export";
import { printResult, RefusedError, UsageError } from "../cli-output";
import type { Act } from "./list-commands";

export function registerAuditCommands(program: Command, act: Act): void {
  const audit = program.command("audit").description("the audit log");

  audit
    .command("verify")
    .description("check the hash chain of every audit event (exit 1 if it is broken)")
    .option("--json", "print JSON")
    .action(
      act(async (options: { json?: boolean }) => {
        const report = await verifyStoredAuditChain(db);
        if (options.json) printResult(report, options);
        if (!report.ok) {
          throw new RefusedError(
            `The audit chain is broken at event ${report.brokenAtId}: ${report.problem} (${report.checked} events verified before it).`,
          );
        }
        if (!options.json) {
          printResult(
            `Audit chain intact: ${report.checked} events verified.${describeUnreadable(report.unreadable)}`,
          );
        }
      }),
    );

  audit
    .command("verify-export")
    .description(
      "check an audit export (the CSV from /audit) offline, without the database, with AUDIT_KEY: every event's keyed hash, the links between them, and checkpoints kept elsewhere (exit 1 if anything fails)",
    )
    .argument("<file>", "the exported CSV, unfiltered")
    .option(
      "--checkpoint <json>",
      'a checkpoint as the server logs it or /audit shows it: {"position":"…","hash":"…","mac":"…","createdAt":"…"} (repeatable)',
      (value: string, previous: string[]) => [...previous, value],
      [] as string[],
    )
    .option("--json", "print JSON")
    .action(
      act(
        async (file: string, options: { checkpoint: string[]; json?: boolean }) => {
          const csv = await fs.readFile(file, "utf8").catch((error: NodeJS.ErrnoException) => {
            throw new UsageError(`Cannot read ${file}: ${error.code ?? error.message}`);
          });
          const checkpoints = options.checkpoint.map(parseCheckpoint);
          let report: AuditExportReport;
          try {
            report = verifyAuditExport(csv, resolveAuditKey(process.env.AUDIT_KEY), checkpoints);
          } catch (error) {
            if (isAppError(error)) throw new UsageError(error.message);
            throw error;
          }
          if (options.json) printResult(reportAsJson(report), options);
          if (!report.ok) {
            const where = report.brokenAtId
              ? `event ${report.brokenAtId} (position ${report.brokenAtPosition})`
              : `the checkpoint at position ${report.brokenAtPosition}`;
            throw new RefusedError(
              `The export fails at ${where}: ${report.problem} (${report.checked} events verified before it).`,
            );
          }
          if (!options.json) printResult(describeIntact(report, checkpoints.length));
        },
        { database: false },
      ),
    );
}

function parseCheckpoint(text: string): SignedCheckpoint {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new UsageError(`--checkpoint is not JSON: ${text}`);
  }
  // A whole log line carries the checkpoint under `auditCheckpoint`.
  const fields =
    value && typeof value === "object" && "auditCheckpoint" in value
      ? value.auditCheckpoint
      : value;
  const parsed = trustedCheckpointSchema.safeParse(fields);
  if (!parsed.success) {
    throw new UsageError(`--checkpoint needs position, hash, mac and createdAt: ${text}`);
  }
  return parsed.data;
}

function describeIntact(report: AuditExportReport, checkpoints: number): string {
  const range =
    report.from === null
      ? "The export holds no events"
      : `Export intact: ${report.checked} events verified, positions ${report.from}–${report.head?.position}`;
  const anchored =
    report.from !== null && report.from > 1n ? " (the events before it are not in the file)" : "";
  const checked = checkpoints - report.checkpointsBeforeExport;
  const notes = [
    checked > 0
      ? `${checked} checkpoint(s) match`
      : "no checkpoint given: a removed tail would not show",
    ...(report.checkpointsBeforeExport > 0
      ? [
          `${report.checkpointsBeforeExport} checkpoint(s) lie before the export and were not checked`,
        ]
      : []),
  ];
  return `${range}${anchored}; ${notes.join("; ")}.${describeUnreadable(report.unreadable)}`;
}

// Verified all the same: the hash covers the stored bytes, whatever this build makes of them.
function describeUnreadable(unreadable: UnreadableAuditEvents): string {
  const [first] = unreadable.first;
  if (!first) return "";
  return ` ${unreadable.count} of them have a kind or payload this version does not recognise (first at position ${first.position}, ${first.kind}: ${first.problem}).`;
}

function reportAsJson(report: AuditExportReport) {
  return {
    ...report,
    from: report.from?.toString() ?? null,
    head: report.head
      ? { position: report.head.position.toString(), hash: report.head.hash }
      : null,
    unreadable: {
      count: report.unreadable.count,
      first: report.unreadable.first.map((event) => ({
        ...event,
        position: event.position.toString(),
      })),
    },
    ...(!report.ok && { brokenAtPosition: report.brokenAtPosition.toString() }),
  };
}
