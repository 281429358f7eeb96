import { describe, expect, inject, it } from "vitest";
import { sealPendingLogs } from "@/lib/server/audit/seal-pending-logs";
import { verifyStoredAuditChain } from "@/lib/server/audit/verify-audit-chain";
import { crashAfterPayment, spawnWorker } from "@/tests/support/spawn-worker";
import { customerReplies } from "@/tests/support/story-harness";
import { seededTestDatabase } from "@/tests/support/test-database-hooks";

const url = inject("databaseUrl");

const prisma = seededTestDatabase();

function runWorker(args: string[], faultPoint?: string) {
  return spawnWorker(args, { databaseUrl: url, faultPoint });
}

// Stands in for the 30 s lease running out after the process died.
async function letLeasesLapse() {
  await prisma.$executeRaw`
    UPDATE runs SET lease_expires_at = now() - interval '1 second', updated_at = now() - interval '1 minute'
     WHERE status IN ('running', 'queued')`;
}

describe("crash recovery with real processes", () => {
  it("finishes a run whose process dies after every tool result, executing each tool call once", async () => {
    const fault = "after_tool_result_before_next_step";
    const first = await runWorker(["start-story", "small-refund"], fault);
    expect(first.code, first.stderr).toBe(137);
    let crashes = 1;
    for (let attempt = 0; attempt < 10; attempt += 1) {
      await letLeasesLapse();
      const restarted = await runWorker(["sweep"], fault);
      if (restarted.code === 0) break;
      expect(restarted.code, restarted.stderr).toBe(137);
      crashes += 1;
    }

    const run = await prisma.run.findFirstOrThrow();
    expect(run.status).toBe("completed");
    const results = await prisma.runStep.findMany({
      where: { runId: run.id, kind: "tool_result" },
    });
    expect(results.map((step) => step.toolName)).toEqual([
      "lookup_order",
      "check_refund_policy",
      "propose_refund",
    ]);
    expect(crashes).toBe(results.length);
    expect(await prisma.runStep.count({ where: { runId: run.id, kind: "tool_call" } })).toBe(
      results.length,
    );
    const actions = await prisma.pendingAction.findMany();
    expect(actions.map((action) => [action.status, action.netRefundCents])).toEqual([
      ["awaiting_confirmation", 1260],
    ]);
    expect(await customerReplies(prisma, run.conversationId)).toHaveLength(1);
    expect(await prisma.auditEvent.count({ where: { kind: "run.lease_recovered" } })).toBe(crashes);
    await sealPendingLogs(prisma);
    expect(await verifyStoredAuditChain(prisma)).toMatchObject({ ok: true });
  }, 120_000);

  it("13. crash after the payment provider accepted the refund: restart settles it, exactly one refund", async () => {
    const { conversationId } = await crashAfterPayment(url);
    expect(await prisma.refund.count()).toBe(0);
    expect((await prisma.pendingAction.findFirstOrThrow()).status).toBe("executing");

    await letLeasesLapse();
    // The restarted instance's start-up sweep; its clock is past the stale-execution grace.
    const restarted = await runWorker(["sweep", String(5 * 60_000)]);
    expect(restarted.code, restarted.stderr).toBe(0);

    const refunds = await prisma.refund.findMany();
    expect(refunds.map((refund) => refund.amountCents)).toEqual([1260]);
    expect((await prisma.pendingAction.findFirstOrThrow()).status).toBe("executed");
    expect(await prisma.auditEvent.count({ where: { kind: "payment.reused" } })).toBe(1);
    const runs = await prisma.run.findMany({ orderBy: { createdAt: "asc" } });
    expect(runs.map((run) => run.status)).toEqual(["completed", "completed"]);
    expect((await customerReplies(prisma, conversationId)).at(-1)).toContain("has been issued");
    await sealPendingLogs(prisma);
    expect(await verifyStoredAuditChain(prisma)).toMatchObject({ ok: true });
  }, 120_000);
  it("crash between approval and execution: restart executes the approved refund exactly once", async () => {
    const started = await runWorker(["start-story", "too-big"]);
    const { conversationId, sessionId } = started.output as {
      conversationId: string;
      sessionId: string;
    };
    expect((await runWorker(["say", conversationId, sessionId, "yes"])).code).toBe(0);
    const action = await prisma.pendingAction.findFirstOrThrow();
    expect(action.status).toBe("awaiting_approval");
    const approver = await prisma.staffUser.findFirstOrThrow({ where: { role: "approver" } });

    const crashed = await runWorker(
      ["approve", action.id, approver.id],
      "between_approval_and_execution",
    );
    expect(crashed.code, crashed.stderr).toBe(137);
    expect((await prisma.pendingAction.findFirstOrThrow()).status).toBe("approved");
    expect(await prisma.refund.count()).toBe(0);

    const restarted = await runWorker(["sweep", String(5 * 60_000)]);
    expect(restarted.code, restarted.stderr).toBe(0);
    expect((await prisma.refund.findMany()).map((refund) => refund.amountCents)).toEqual([8010]);
    expect((await prisma.pendingAction.findFirstOrThrow()).status).toBe("executed");
    expect(await prisma.outboxEmail.count({ where: { toAddress: "sam@example.com" } })).toBe(1);
    await sealPendingLogs(prisma);
    expect(await verifyStoredAuditChain(prisma)).toMatchObject({ ok: true });
  }, 120_000);
});
