import { describe, expect, it } from "vitest";
import { createOfflineAgent } from "@/lib/agent/model/offline-agent";
import { DEFAULT_SETTINGS } from "@/lib/domain/settings";
import { startStory } from "@/lib/server/services/intake/start-story";
import { getSettings } from "@/lib/server/settings/get-settings";
import { actionsOf, beginStory } from "@/tests/support/story-harness";
import { seededTestDatabase } from "@/tests/support/test-database-hooks";
import { testUseCaseContext } from "@/tests/support/test-use-case-context";
import { updateSettings } from "./update-settings";

const prisma = seededTestDatabase();
const context = testUseCaseContext({ db: prisma });

async function adminActor() {
  const admin = await prisma.staffUser.findFirstOrThrow({ where: { role: "admin" } });
  return { type: "staff" as const, userId: admin.id, roles: ["admin" as const] };
}

describe("updateSettings", () => {
  it("stores the change and audits each changed key with its old and new value", async () => {
    const actor = await adminActor();
    const result = await updateSettings(
      { change: { autoApproveLimitCents: 3000, quoteHoldMinutes: 10 }, actor },
      context,
    );
    expect(result.changed).toEqual([
      { key: "autoApproveLimitCents", oldValue: 2500, newValue: 3000 },
    ]);
    expect(await getSettings(prisma)).toEqual({
      ...DEFAULT_SETTINGS,
      autoApproveLimitCents: 3000,
    });
    const events = await prisma.auditEvent.findMany({ where: { kind: "setting.changed" } });
    expect(events.map((event) => [event.subjectId, event.actorId, event.payload])).toEqual([
      [
        "autoApproveLimitCents",
        actor.userId,
        { key: "autoApproveLimitCents", oldValue: 2500, newValue: 3000 },
      ],
    ]);
  });

  it("audits a switched flag and an approver limit like any other setting", async () => {
    const actor = await adminActor();
    await updateSettings(
      { change: { staffMayActForCustomer: false, approverLimitCents: 0 }, actor },
      context,
    );
    expect(await getSettings(prisma)).toMatchObject({
      staffMayActForCustomer: false,
      approverLimitCents: 0,
    });
    const events = await prisma.auditEvent.findMany({
      where: { kind: "setting.changed" },
      orderBy: { subjectId: "asc" },
    });
    expect(events.map((event) => event.payload)).toEqual([
      { key: "approverLimitCents", oldValue: 50_000, newValue: 0 },
      { key: "staffMayActForCustomer", oldValue: true, newValue: false },
    ]);
  });

  it.each([
    [{ staffMayActForCustomer: "no" }],
    [{ approverLimitCents: -100 }],
    [{ autoApproveLimitCents: -1 }],
    [{ autoApproveLimitCents: 25.5 }],
    [{ quoteHoldMinutes: 0 }],
    [{ chatIdleMinutes: 24 * 60 + 1 }],
    [{ runStepRetentionDays: 0 }],
    [{ closedTranscriptRetentionDays: 3651 }],
    [{ idempotencyReceiptRetentionDays: 1.5 }],
    [{ unknownSetting: 5 }],
  ])("refuses %j and writes nothing", async (change) => {
    await expect(
      updateSettings({ change: change as never, actor: await adminActor() }, context),
    ).rejects.toThrow();
    expect(await prisma.setting.count()).toBe(0);
    expect(await prisma.auditEvent.count({ where: { kind: "setting.changed" } })).toBe(0);
  });

  it("audits a retention period change with its old and new value", async () => {
    const actor = await adminActor();
    await updateSettings(
      { change: { realtimeEventRetentionDays: 7, runStepRetentionDays: 90 }, actor },
      context,
    );
    const events = await prisma.auditEvent.findMany({ where: { kind: "setting.changed" } });
    expect(events.map((event) => event.payload)).toEqual([
      { key: "realtimeEventRetentionDays", oldValue: 1, newValue: 7 },
    ]);
    expect((await getSettings(prisma)).realtimeEventRetentionDays).toBe(7);
  });

  it("applies to the next quote and never to one already shown", async () => {
    const provider = createOfflineAgent();
    const before = await beginStory(prisma, provider, "small-refund");
    const [shown] = await actionsOf(prisma, before.conversationId);
    expect(shown).toMatchObject({ netRefundCents: 1260, needsApproval: false });

    await updateSettings(
      { change: { autoApproveLimitCents: 1000 }, actor: await adminActor() },
      context,
    );

    const after = await startStory(
      { storyKey: "small-refund", freshCustomer: true },
      testUseCaseContext({ db: prisma, model: provider }),
    );
    expect(await after.completion).toBe("completed");
    const [next] = await actionsOf(prisma, after.conversationId);
    expect(next).toMatchObject({ netRefundCents: 1260, needsApproval: true });

    await before.say("yes");
    const settled = await prisma.pendingAction.findUniqueOrThrow({ where: { id: shown?.id } });
    expect([settled.status, settled.failureReason]).toEqual(["executed", null]);
  });
});
