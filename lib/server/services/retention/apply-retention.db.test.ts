import { beforeEach, describe, expect, it } from "vitest";
import { updateSettings } from "@/lib/server/services/settings/update-settings";
import { resetDatabase } from "@/tests/db/test-database";
import {
  createAction,
  createConversation,
  createCustomerOrder,
  createRun,
} from "@/tests/support/row-builder";
import { testDatabaseClient } from "@/tests/support/test-database-hooks";
import { fixedClock, testUseCaseContext } from "@/tests/support/test-use-case-context";
import { applyRetention } from "./apply-retention";

const prisma = testDatabaseClient();

const NOW = new Date("2026-06-01T12:00:00.000Z");
const atNow = testUseCaseContext({ db: prisma, now: fixedClock(NOW) });
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 24 * 60 * 60 * 1000);

type World = Awaited<ReturnType<typeof buildWorld>>;

/*
 * Defaults: run steps 90 days, closed transcripts 30, realtime 1, receipts 30. Each conversation
 * is one case; the name says whether its steps should go.
 */
async function buildWorld() {
  const { customerId, orderId } = await createCustomerOrder(prisma);
  const conversation = (input: Omit<Parameters<typeof createConversation>[1], "customerId">) =>
    createConversation(prisma, { customerId, orderId, ...input });

  const closedQuiet40 = await conversation({
    status: "resolved",
    workflowStatus: "solved",
    createdAt: daysAgo(41),
    lastMessageAt: daysAgo(40),
  });
  const closedRun = await createRun(prisma, {
    conversationId: closedQuiet40.id,
    finishedAt: daysAgo(40),
    providerResponseId: "resp_closed",
  });
  const openQuiet40 = await conversation({ createdAt: daysAgo(41), lastMessageAt: daysAgo(40) });
  await createRun(prisma, { conversationId: openQuiet40.id, finishedAt: daysAgo(40), steps: 3 });
  const open100 = await conversation({ createdAt: daysAgo(101), lastMessageAt: daysAgo(100) });
  await createRun(prisma, { conversationId: open100.id, finishedAt: daysAgo(100) });
  const awaitingApproval100 = await conversation({
    status: "needs_approval",
    createdAt: daysAgo(101),
    lastMessageAt: daysAgo(100),
  });
  await createRun(prisma, { conversationId: awaitingApproval100.id, finishedAt: daysAgo(100) });
  await createAction(prisma, {
    conversationId: awaitingApproval100.id,
    customerId,
    orderId,
    status: "awaiting_approval",
    createdAt: daysAgo(100),
  });
  const unreconciled100 = await conversation({
    status: "resolved",
    workflowStatus: "solved",
    createdAt: daysAgo(101),
    lastMessageAt: daysAgo(100),
  });
  await createRun(prisma, { conversationId: unreconciled100.id, finishedAt: daysAgo(100) });
  const unreconciled = await createAction(prisma, {
    conversationId: unreconciled100.id,
    customerId,
    orderId,
    status: "needs_reconciliation",
    createdAt: daysAgo(100),
  });
  const executed = await createAction(prisma, {
    conversationId: closedQuiet40.id,
    customerId,
    orderId,
    status: "executed",
    createdAt: daysAgo(40),
  });
  const closedQuiet10 = await conversation({
    status: "resolved",
    workflowStatus: "solved",
    createdAt: daysAgo(11),
    lastMessageAt: daysAgo(10),
  });
  await createRun(prisma, { conversationId: closedQuiet10.id, finishedAt: daysAgo(10) });
  const stillRunning = await conversation({ createdAt: daysAgo(101), lastMessageAt: daysAgo(100) });
  await createRun(prisma, { conversationId: stillRunning.id, status: "running", finishedAt: null });
  await prisma.$executeRaw`UPDATE runs SET updated_at = ${daysAgo(100)}`;

  const receipt = (scope: string, key: string, createdAt: Date) =>
    prisma.idempotencyReceipt.create({
      data: { scope, key, requestFingerprint: key, result: {}, createdAt },
    });
  await receipt("payment_provider.refund", unreconciled.idempotencyKey, daysAgo(100));
  await receipt("payment_provider.refund", executed.idempotencyKey, daysAgo(100));
  await receipt("email.webhook", "sig-old", daysAgo(40));
  await receipt("email.webhook", "sig-recent", daysAgo(10));

  const event = (position: bigint | null, createdAt: Date) =>
    prisma.realtimeEvent.create({ data: { position, topic: "t", payload: {}, createdAt } });
  await event(1n, daysAgo(3));
  await event(2n, daysAgo(3));
  await event(3n, NOW);
  await event(null, daysAgo(3));

  const admin = await prisma.staffUser.create({
    data: { email: "admin@example.com", name: "Admin", role: "admin", passwordHash: "x" },
  });
  return {
    actor: { type: "staff" as const, userId: admin.id, roles: ["admin" as const] },
    closedRunId: closedRun.id,
    stepsOf: async (conversationId: string) =>
      prisma.runStep.count({ where: { run: { conversationId } } }),
    conversations: {
      closedQuiet40,
      openQuiet40,
      open100,
      awaitingApproval100,
      unreconciled100,
      closedQuiet10,
      stillRunning,
    },
  };
}

async function stepCounts(world: World) {
  const entries = await Promise.all(
    Object.entries(world.conversations).map(
      async ([name, conversation]) => [name, await world.stepsOf(conversation.id)] as const,
    ),
  );
  return Object.fromEntries(entries);
}

const EXPECTED_COUNTS = {
  closedTranscriptSteps: 2,
  runSteps: 2,
  realtimeEvents: 2,
  idempotencyReceipts: 2,
};

describe("applyRetention", () => {
  let world: World;
  beforeEach(async () => {
    await resetDatabase(prisma);
    world = await buildWorld();
  });

  it("prunes what is past its period and keeps what open actions and unreconciled payments need", async () => {
    const auditBefore = await prisma.auditEvent.count();
    const result = await applyRetention({ dryRun: false, actor: world.actor }, atNow);
    expect(result).toMatchObject({ outcome: "pruned", counts: EXPECTED_COUNTS });

    expect(await stepCounts(world)).toEqual({
      closedQuiet40: 0,
      openQuiet40: 3,
      open100: 0,
      awaitingApproval100: 2,
      unreconciled100: 2,
      closedQuiet10: 2,
      stillRunning: 2,
    });
    const closedRun = await prisma.run.findUniqueOrThrow({ where: { id: world.closedRunId } });
    expect(closedRun.providerResponseId).toBeNull();
    const receipts = await prisma.idempotencyReceipt.findMany({ orderBy: { key: "asc" } });
    expect(receipts.map((receipt) => [receipt.scope, receipt.key])).toEqual([
      [
        "payment_provider.refund",
        (await prisma.pendingAction.findFirstOrThrow({ where: { status: "needs_reconciliation" } }))
          .idempotencyKey,
      ],
      ["email.webhook", "sig-recent"],
    ]);
    const events = await prisma.realtimeEvent.findMany({ orderBy: { id: "asc" } });
    expect(events.map((event) => event.position)).toEqual([3n, null]);

    const audit = await prisma.auditEvent.findMany({ orderBy: { id: "asc" } });
    expect(audit).toHaveLength(auditBefore + 1);
    expect(audit.at(-1)).toMatchObject({
      kind: "retention.pruned",
      actorKind: "staff",
      actorId: world.actor.userId,
      payload: expect.objectContaining(EXPECTED_COUNTS),
    });
  });

  it("counts the same rows in a dry run and deletes nothing", async () => {
    const before = await stepCounts(world);
    const result = await applyRetention({ dryRun: true, actor: world.actor }, atNow);
    expect(result).toMatchObject({ outcome: "dry_run", counts: EXPECTED_COUNTS });
    expect(await stepCounts(world)).toEqual(before);
    expect(await prisma.idempotencyReceipt.count()).toBe(4);
    expect(await prisma.realtimeEvent.count()).toBe(4);
    expect(await prisma.auditEvent.count({ where: { kind: "retention.pruned" } })).toBe(0);
  });

  it("follows the settings: a shorter run-step period reaches the open conversation quiet for 40 days", async () => {
    await updateSettings({ change: { runStepRetentionDays: 30 }, actor: world.actor }, atNow);
    const result = await applyRetention({ dryRun: true, actor: world.actor }, atNow);
    expect(result).toMatchObject({ counts: { ...EXPECTED_COUNTS, runSteps: 5 } });
  });

  it("audits a scheduled run only when it pruned something, and never prunes audit events", async () => {
    await applyRetention({ dryRun: false, actor: { type: "system" } }, atNow);
    const again = await applyRetention({ dryRun: false, actor: { type: "system" } }, atNow);
    expect(again).toMatchObject({
      outcome: "pruned",
      counts: { closedTranscriptSteps: 0, runSteps: 0, realtimeEvents: 0, idempotencyReceipts: 0 },
    });
    const audited = await prisma.auditEvent.findMany({ where: { kind: "retention.pruned" } });
    expect(audited.map((event) => event.actorKind)).toEqual(["system"]);
    await expect(prisma.$executeRaw`DELETE FROM audit_events`).rejects.toThrow();
  });
});
