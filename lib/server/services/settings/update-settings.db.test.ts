import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "@/lib/domain/settings";
import { getSettings } from "@/lib/server/settings/get-settings";
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
      { change: { chatIdleMinutes: 45, approverLimitCents: 50_000 }, actor },
      context,
    );
    expect(result.changed).toEqual([{ key: "chatIdleMinutes", oldValue: 30, newValue: 45 }]);
    expect(await getSettings(prisma)).toEqual({ ...DEFAULT_SETTINGS, chatIdleMinutes: 45 });
    const events = await prisma.auditEvent.findMany({ where: { kind: "setting.changed" } });
    expect(events.map((event) => [event.subjectId, event.actorId, event.payload])).toEqual([
      ["chatIdleMinutes", actor.userId, { key: "chatIdleMinutes", oldValue: 30, newValue: 45 }],
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
    [{ approverLimitCents: 25.5 }],
    [{ chatIdleMinutes: 0 }],
    // Moved to the refund policy document: no longer a setting.
    [{ autoApproveLimitCents: 1000 }],
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
});
