import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { sealPendingLogs } from "@/lib/server/audit/seal-pending-logs";
import { approveAction } from "@/lib/server/services/pending-actions/approve-or-reject-action";
import { executePendingAction } from "@/lib/server/services/pending-actions/execute-pending-action";
import { proposeMayaRefund } from "@/tests/support/propose-maya-refund";
import { runCli } from "@/tests/support/run-cli";
import { seededTestDatabase } from "@/tests/support/test-database-hooks";
import { testUseCaseContext } from "@/tests/support/test-use-case-context";

/*
 * `receipt export` and `receipt verify` as real processes: the export reads the test database,
 * the verify needs none (it is pointed at a database nobody listens on), and a changed receipt
 * exits 1 with its problems listed.
 */

const prisma = seededTestDatabase();

async function paidRefund(): Promise<string> {
  const context = testUseCaseContext({ db: prisma });
  const { actionId } = await proposeMayaRefund(prisma, "email", context);
  const approver = await prisma.staffUser.findFirstOrThrow({ where: { role: "approver" } });
  await approveAction({ actionId, deciderId: approver.id }, context);
  await executePendingAction({ actionId }, context);
  await sealPendingLogs(prisma);
  return (await prisma.refund.findUniqueOrThrow({ where: { pendingActionId: actionId } })).id;
}

// Each step spawns the CLI as its own process (tsx start-up included): seconds each on a busy
// 2-core machine.
describe("receipt commands", { timeout: 180_000 }, () => {
  it("export a refund's receipt, verify it offline, and refuse it once changed", async () => {
    const refundId = await paidRefund();
    const folder = await fs.mkdtemp(path.join(os.tmpdir(), "countersign-receipt-"));
    try {
      const file = path.join(folder, `receipt-${refundId}.json`);
      const exported = await runCli(["receipt", "export", refundId, "--out", file], {
        databaseUrl: inject("databaseUrl"),
      });
      expect(exported.stderr).toBe("");
      expect(exported.code).toBe(0);

      const offline = (args: string[]) =>
        runCli(args, { databaseUrl: "postgres://countersign@127.0.0.1:9/unreachable" });
      const verified = await offline(["receipt", "verify", file]);
      expect(verified.stderr).toBe("");
      expect(verified.code).toBe(0);
      expect(verified.stdout).toContain(`Receipt verified: refund ${refundId} of $48.00`);

      const changed = JSON.parse(await fs.readFile(file, "utf8"));
      changed.refund.amountCents = 4900;
      const tampered = path.join(folder, "tampered.json");
      await fs.writeFile(tampered, JSON.stringify(changed));
      const refused = await offline(["receipt", "verify", tampered]);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain("The receipt does not verify");
      expect(refused.stderr).toContain("receiptMac: does not match");
      expect(refused.stderr).toContain(
        "refund.amountCents: 4900 disagrees with events.executed.payload.amountCents 4800",
      );

      const missing = await offline(["receipt", "verify", path.join(folder, "missing.json")]);
      expect(missing.code).toBe(2);
      const unknown = await runCli(["receipt", "export", "rf_nobody"], {
        databaseUrl: inject("databaseUrl"),
      });
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain("No such refund.");
    } finally {
      await fs.rm(folder, { recursive: true, force: true });
    }
  });
});
