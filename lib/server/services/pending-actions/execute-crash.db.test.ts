import { beforeEach, describe, expect, inject, it } from "vitest";
import type { FaultPointName } from "@/lib/server/fault-injection";
import { seedDatabase } from "@/prisma/seed-database";
import { resetDatabase } from "@/tests/db/test-database";
import { proposeMayaRefund } from "@/tests/support/propose-maya-refund";
import { runExecutorProcess } from "@/tests/support/run-executor-process";
import { testDatabaseClient } from "@/tests/support/test-database-hooks";
import { fixedClock, testUseCaseContext } from "@/tests/support/test-use-case-context";
import { approveAction } from "./approve-or-reject-action";
import { reconcilePayments } from "./reconcile-payments";

/*
 * Kills a real process at each execution fault point (COUNTERSIGN_FAULT_POINT) and checks that
 * what it left behind is finished by the sweep or a restarted process: one refund, one email.
 */

const url = inject("databaseUrl");
const prisma = testDatabaseClient();

const quietContext = (now?: Date) =>
  testUseCaseContext({ db: prisma, faultPoint: () => {}, ...(now && { now: fixedClock(now) }) });

beforeEach(async () => {
  await resetDatabase(prisma);
  await seedDatabase(prisma);
});

async function approvedMayaRefund(): Promise<string> {
  const { actionId } = await proposeMayaRefund(prisma, "email", quietContext());
  const approver = await prisma.staffUser.findFirstOrThrow({ where: { role: "approver" } });
  await approveAction({ actionId, deciderId: approver.id }, quietContext());
  return actionId;
}

function runExecutor(actionId: string, faultPoint?: FaultPointName) {
  return runExecutorProcess({ databaseUrl: url, actionId, faultPoint });
}

async function settledOnce(actionId: string) {
  expect(await prisma.pendingAction.findUniqueOrThrow({ where: { id: actionId } })).toMatchObject({
    status: "executed",
  });
  expect(await prisma.refund.count()).toBe(1);
  expect(await prisma.idempotencyReceipt.count()).toBe(1);
  expect(await prisma.outboxEmail.count()).toBe(1);
}

describe("execution crash points (real process exits)", () => {
  it("after_payment_before_record: the sweep finds the payment and records the reuse", async () => {
    const actionId = await approvedMayaRefund();
    const crashed = await runExecutor(actionId, "after_payment_before_record");
    expect(crashed.code).toBe(137);
    expect(crashed.output).toContain("after_payment_before_record");
    expect(await prisma.idempotencyReceipt.count()).toBe(1);
    expect(await prisma.refund.count()).toBe(0);

    const later = new Date(Date.now() + 5 * 60_000);
    const report = await reconcilePayments({}, quietContext(later));
    expect(report.executed).toEqual([actionId]);
    await settledOnce(actionId);
    const kinds = await prisma.auditEvent.findMany({ where: { subjectId: actionId } });
    expect(kinds.map((event) => event.kind)).toContain("payment.reused");
  });

  it("after_claim_before_payment: the sweep finds no payment and makes it under the same key", async () => {
    const actionId = await approvedMayaRefund();
    const crashed = await runExecutor(actionId, "after_claim_before_payment");
    expect(crashed.code).toBe(137);
    expect(await prisma.idempotencyReceipt.count()).toBe(0);
    expect(await prisma.pendingAction.findUniqueOrThrow({ where: { id: actionId } })).toMatchObject(
      { status: "executing", paymentProvider: "ledger" },
    );

    const later = new Date(Date.now() + 5 * 60_000);
    const report = await reconcilePayments({}, quietContext(later));
    expect(report.executed).toEqual([actionId]);
    await settledOnce(actionId);
  });

  it("between_approval_and_execution: a restarted process executes the approved action", async () => {
    const actionId = await approvedMayaRefund();
    const crashed = await runExecutor(actionId, "between_approval_and_execution");
    expect(crashed.code).toBe(137);
    expect(await prisma.idempotencyReceipt.count()).toBe(0);

    const restarted = await runExecutor(actionId);
    expect(restarted.code).toBe(0);
    expect(restarted.output).toContain('"outcome":"executed"');
    await settledOnce(actionId);
  });
});
