import { describe, expect, inject, it } from "vitest";
import { createOfflineAgent } from "@/lib/agent/model/offline-agent";
import { PAYMENT_RECEIPT_SCOPE } from "@/lib/integrations/payments/ledger/ledger-payment-provider";
import { sealPendingLogs } from "@/lib/server/audit/seal-pending-logs";
import { verifyStoredAuditChain } from "@/lib/server/audit/verify-audit-chain";
import { findDemoStory } from "@/lib/server/services/intake/demo-stories";
import { queueRun } from "@/lib/server/services/runs/queue-run";
import { chaosYesKey } from "@/tests/support/drain-as-instance";
import { spawnWorker } from "@/tests/support/spawn-worker";
import { seededTestDatabase } from "@/tests/support/test-database-hooks";

const url = inject("databaseUrl");
const CONVERSATIONS = 50;
const KILLS = 12;
const STORIES = ["small-refund", "too-big", "opened-electronics", "billing-dispute", "replacement"];

const prisma = seededTestDatabase();

// A chat conversation whose first message is stored and whose first turn is queued, as a story
// start leaves it, with no process working on it yet.
async function queueFirstTurn(storyKey: string): Promise<void> {
  const story = findDemoStory(storyKey);
  if (!story) throw new Error(`No story ${storyKey}`);
  await prisma.$transaction(async (tx) => {
    const customer = await tx.customer.findFirstOrThrow({
      where: { email: story.customerEmail },
    });
    const conversation = await tx.conversation.create({
      data: { channel: "chat", customerId: customer.id, subject: story.subject, storyKey },
    });
    const session = await tx.customerSession.create({
      data: {
        customerId: customer.id,
        conversationId: conversation.id,
        tokenHash: `chaos-${conversation.id}`,
      },
    });
    const message = await tx.message.create({
      data: {
        conversationId: conversation.id,
        authorKind: "customer",
        visibility: "customer",
        body: story.firstMessage,
        sessionId: session.id,
      },
    });
    await queueRun(tx, {
      conversationId: conversation.id,
      triggerMessageId: message.id,
      provider: createOfflineAgent(),
    });
  });
}

// Reproducible kill times: the seed is printed when the test fails.
function killTimes(seed: number): number[] {
  let state = seed;
  return Array.from({ length: KILLS }, () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return 150 + (state % 1_500);
  });
}

describe("chaos: app processes killed at random moments", () => {
  it("finishes every run with no step, tool call, refund or email twice", async () => {
    for (let index = 0; index < CONVERSATIONS; index += 1) {
      await queueFirstTurn(STORIES[index % STORIES.length] ?? "small-refund");
    }
    const seed = Date.now() % 2 ** 31;
    const context = `seed ${seed}`;
    let killed = 0;
    for (const delay of killTimes(seed)) {
      const exit = await spawnWorker(["drain"], { databaseUrl: url, killAfterReadyMs: delay });
      if (exit.signal === "SIGKILL") killed += 1;
      else expect(exit.code, `${context}: ${exit.stderr}`).toBe(0);
    }
    const last = await spawnWorker(["drain"], { databaseUrl: url });
    expect(last.code, `${context}: ${last.stderr}`).toBe(0);
    expect(killed, context).toBeGreaterThan(0);

    expect(
      await prisma.auditEvent.count({ where: { kind: "run.lease_recovered" } }),
      `${context}: no kill landed inside a run`,
    ).toBeGreaterThan(0);
    const waiting = await prisma.pendingAction.findMany({
      where: { status: "awaiting_confirmation" },
      select: { id: true },
    });
    const yeses = await prisma.message.findMany({
      where: { dedupeKey: { in: waiting.map((action) => chaosYesKey(action.id)) } },
      select: { dedupeKey: true },
    });
    const unanswered = yeses.map((message) => message.dedupeKey);
    expect(unanswered, `${context}: a stored "yes" that was never applied`).toEqual([]);

    const runs = await prisma.run.findMany({ select: { id: true, status: true } });
    expect(runs.length, context).toBeGreaterThanOrEqual(CONVERSATIONS);
    expect(
      runs.filter((run) => run.status !== "completed"),
      context,
    ).toEqual([]);

    const calls = await prisma.runStep.groupBy({
      by: ["runId", "toolCallId", "kind"],
      where: { kind: { in: ["tool_call", "tool_result"] } },
      _count: true,
    });
    expect(
      calls.filter((group) => group._count !== 1),
      context,
    ).toEqual([]);
    const perCall = new Map<string, Set<string>>();
    for (const group of calls) {
      const key = `${group.runId}:${group.toolCallId}`;
      perCall.set(key, (perCall.get(key) ?? new Set()).add(group.kind));
    }
    expect(
      [...perCall].filter(([, kinds]) => kinds.size !== 2),
      `${context}: a tool call without its one result`,
    ).toEqual([]);

    const replies = await prisma.message.groupBy({
      by: ["conversationId", "body"],
      where: { authorKind: "agent", visibility: "customer" },
      _count: true,
    });
    expect(
      replies.filter((group) => group._count !== 1),
      context,
    ).toEqual([]);

    // Every refund the provider made is recorded once, under the key of the action it paid.
    const paid = await prisma.idempotencyReceipt.findMany({
      where: { scope: PAYMENT_RECEIPT_SCOPE },
      select: { key: true },
    });
    const refunds = await prisma.refund.findMany({ select: { idempotencyKey: true } });
    expect(refunds.map((refund) => refund.idempotencyKey).sort(), context).toEqual(
      paid.map((receipt) => receipt.key).sort(),
    );
    const refundedLines = await prisma.$queryRaw<{ line: string; times: bigint }[]>`
      SELECT line, count(*) AS times
        FROM pending_actions, unnest(line_ids) AS line
       WHERE status = 'executed' GROUP BY line HAVING count(*) > 1`;
    expect(refundedLines, context).toEqual([]);
    expect(refunds.length, `${context}: some quotes were paid`).toBeGreaterThan(0);

    const emails = await prisma.outboxEmail.groupBy({
      by: ["conversationId", "subject", "bodyText"],
      _count: true,
    });
    expect(
      emails.filter((group) => group._count !== 1),
      context,
    ).toEqual([]);

    await sealPendingLogs(prisma);
    expect(await verifyStoredAuditChain(prisma)).toMatchObject({ ok: true });
  }, 600_000);
});
