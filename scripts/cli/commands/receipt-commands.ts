import fs from "node:fs/promises";
import type { Command } from "commander";
import { formatMoney } from "@/lib/domain/money";
import { canonicalRefundReceipt, type RefundReceipt } from "@/lib/domain/refund-receipt";
import { verifyRefundReceipt } from "@/lib/domain/refund-receipt-verification";
import { resolveAuditKey } from "@/lib/server/audit/audit-key";
import { appContext } from "@/lib/server/process/app-context";
import { exportRefundReceipt } from "@/lib/server/services/receipts/export-refund-receipt";
import { printResult, RefusedError, UsageError } from "../cli-output";
import type { Act } from "./list-commands";

export function registerReceiptCommands(program: Command, act: Act): void {
  const receipt = program
    .command("receipt")
    .description(
      "refund receipts: proof of one executed refund, checkable offline (docs/receipts.md)",
    );

  receipt
    .command("export")
    .description("write the receipt of an executed refund, signed with AUDIT_KEY")
    .argument("<refundId>", "the refund id (rf_…)")
    .option("--out <file>", "write it to this file instead of standard output")
    .action(
      act(async (refundId: string, options: { out?: string }) => {
        const exported = await exportRefundReceipt(
          { refundId, auditKey: resolveAuditKey(process.env.AUDIT_KEY) },
          appContext(),
        );
        const text = `${canonicalRefundReceipt(exported)}\n`;
        if (!options.out) {
          process.stdout.write(text);
          return;
        }
        await fs.writeFile(options.out, text).catch((error: NodeJS.ErrnoException) => {
          throw new UsageError(`Cannot write ${options.out}: ${error.code ?? error.message}`);
        });
        printResult(`Receipt of ${refundId} written to ${options.out}.`);
      }),
    );

  receipt
    .command("verify")
    .description(
      "check a receipt offline, without the database, with AUDIT_KEY: every event's keyed hash, its agreement with the receipt's fields, and the receipt's own MAC (exit 1 if anything fails)",
    )
    .argument("<file>", "the receipt, as exported")
    .option("--json", "print JSON")
    .action(
      act(
        async (file: string, options: { json?: boolean }) => {
          const text = await fs.readFile(file, "utf8").catch((error: NodeJS.ErrnoException) => {
            throw new UsageError(`Cannot read ${file}: ${error.code ?? error.message}`);
          });
          let parsed: unknown;
          try {
            parsed = JSON.parse(text);
          } catch {
            throw new UsageError(`${file} is not JSON, so it is not a receipt.`);
          }
          const verdict = verifyRefundReceipt(parsed, resolveAuditKey(process.env.AUDIT_KEY));
          if (options.json) printResult(verdict, options);
          if (!verdict.ok) {
            throw new RefusedError(
              `The receipt does not verify:\n${verdict.problems.map((problem) => `  - ${problem}`).join("\n")}`,
            );
          }
          if (!options.json) printResult(describeVerified(parsed as RefundReceipt));
        },
        { database: false },
      ),
    );
}

function describeVerified(receipt: RefundReceipt): string {
  const { refund, consent, approval } = receipt;
  const consented = {
    not_required: "no customer confirmation was asked (email request)",
    message: "the customer confirmed by message",
    button: "the customer confirmed with the quote's button",
    unrecorded: "the customer confirmed (how is not recorded)",
  }[consent.via];
  const approved = approval
    ? `approved by ${approval.approverId} (limit ${approval.limitCents === null ? "none" : formatMoney(approval.limitCents, refund.currency)})`
    : "no approver was needed";
  return [
    `Receipt verified: refund ${refund.id} of ${formatMoney(refund.amountCents, refund.currency)}, provider refund ${refund.providerRefundId}, ${refund.status}.`,
    `Quote ${receipt.quote.hash}; ${consented}; ${approved}; executed at audit position ${receipt.events.executed.position}.`,
  ].join("\n");
}
