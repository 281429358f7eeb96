import { describe, expect, it } from "vitest";
import { createOfflineAgent } from "@/lib/agent/model/offline-agent";
import type { BusinessCalendar } from "@/lib/domain/sla/business-calendar";
import { DEFAULT_SLA_SETTINGS, type SlaSettings } from "@/lib/domain/sla/sla-settings";
import { AppError } from "@/lib/errors/app-error";
import { pauseSla, resumeSla } from "@/lib/server/services/conversations/pause-sla";
import { replyToCustomer } from "@/lib/server/services/conversations/reply-to-customer";
import { setWorkflowStatus } from "@/lib/server/services/conversations/set-workflow-status";
import { listInbox } from "@/lib/server/services/inbox/list-inbox";
import { postCustomerMessage } from "@/lib/server/services/intake/post-customer-message";
import { beginStory } from "@/tests/support/story-harness";
import { seededTestDatabase } from "@/tests/support/test-database-hooks";
import { testUseCaseContext } from "@/tests/support/test-use-case-context";
import { countSlaAlerts } from "./count-sla-alerts";
import { getSlaSettings } from "./sla-settings-store";
import { updateSlaSettings } from "./update-sla-settings";

/*
 * The SLA clock against real Postgres: the messages trigger records when the customer first
 * wrote and when the first reply went out; the due times the inbox filters on are recomputed in
 * the transaction of each event that moves them, and pauses are audited with them.
 */

const prisma = seededTestDatabase();
const provider = createOfflineAgent();
const context = testUseCaseContext({ db: prisma, model: provider });
const MINUTE = 60_000;

// Every minute counts, so due times are plain arithmetic on the start.
const ALWAYS_OPEN: BusinessCalendar = {
  timeZone: "UTC",
  weeklyHours: Array(7).fill({ opens: "00:00", closes: "24:00" }),
  holidays: [],
};
const ROUND_THE_CLOCK: SlaSettings = {
  ...DEFAULT_SLA_SETTINGS,
  calendar: ALWAYS_OPEN,
  targets: {
    chat: { enabled: true, firstReplyMinutes: 15, resolutionMinutes: 120 },
    email: { enabled: true, firstReplyMinutes: 60, resolutionMinutes: 600 },
  },
};

async function staff(role: "agent" | "approver" | "admin") {
  const user = await prisma.staffUser.findFirstOrThrow({ where: { role } });
  return { id: user.id, role: user.role };
}

async function adminActor() {
  const admin = await staff("admin");
  return { type: "staff" as const, userId: admin.id, roles: ["admin" as const] };
}

/* A chat a person has taken over, so no agent run answers (and stops the first-reply clock). */
async function heldChat(subject: string) {
  const customer = await prisma.customer.findFirstOrThrow({ where: { email: "maya@example.com" } });
  const owner = await staff("agent");
  const conversation = await prisma.conversation.create({
    data: { channel: "chat", customerId: customer.id, subject, humanOwnerId: owner.id },
  });
  const posted = await postCustomerMessage(
    { conversationId: conversation.id, text: "My kettle arrived dented." },
    context,
  );
  await posted.completion;
  return conversation.id;
}

const row = (id: string) => prisma.conversation.findUniqueOrThrow({ where: { id } });

describe("the SLA clock", () => {
  it("starts at the first customer message, stops at the first reply, pauses and resumes with audit", async () => {
    await updateSlaSettings({ settings: ROUND_THE_CLOCK, actor: await adminActor() }, context);
    const id = await heldChat("Dented kettle");
    const started = await row(id);
    expect(started.slaStartedAt).not.toBeNull();
    const start = (started.slaStartedAt as Date).getTime();
    expect(started.firstRepliedAt).toBeNull();
    expect(started.firstReplyDueAt?.getTime()).toBe(start + 15 * MINUTE);
    expect(started.firstReplyWarnAt?.getTime()).toBe(start + 12 * MINUTE);
    expect(started.resolutionDueAt?.getTime()).toBe(start + 120 * MINUTE);

    const agent = await staff("agent");
    await replyToCustomer({ conversationId: id, staffUserId: agent.id, text: "On it." }, context);
    const replied = await row(id);
    expect(replied.firstRepliedAt).not.toBeNull();
    expect(replied.firstReplyDueAt).toBeNull();
    expect(replied.firstReplyWarnAt).toBeNull();
    expect(replied.resolutionDueAt?.getTime()).toBe(start + 120 * MINUTE);

    const pausedAt = new Date(start + 30 * MINUTE);
    await pauseSla(
      { conversationId: id, staff: agent, reason: "waiting for the carrier" },
      { db: prisma, now: () => pausedAt },
    );
    const paused = await row(id);
    expect(paused.resolutionDueAt).toBeNull();
    const pauses = await prisma.slaPause.findMany({ where: { conversationId: id } });
    expect(pauses).toEqual([
      expect.objectContaining({
        cause: "person",
        reason: "waiting for the carrier",
        pausedById: agent.id,
        endedAt: null,
      }),
    ]);
    await expect(
      pauseSla({ conversationId: id, staff: agent, reason: "again" }, context),
    ).rejects.toMatchObject({ code: "CONFLICT" });

    await resumeSla(
      { conversationId: id, staff: agent },
      { db: prisma, now: () => new Date(start + 75 * MINUTE) },
    );
    const resumed = await row(id);
    // 45 paused minutes move the resolution due time on by 45 minutes.
    expect(resumed.resolutionDueAt?.getTime()).toBe(start + 165 * MINUTE);
    const audit = await prisma.auditEvent.findMany({
      where: { conversationId: id, kind: { startsWith: "sla." } },
      orderBy: { id: "asc" },
    });
    expect(audit.map((event) => [event.kind, event.actorId, event.payload])).toEqual([
      ["sla.paused", agent.id, { conversationId: id, reason: "waiting for the carrier" }],
      [
        "sla.resumed",
        agent.id,
        { conversationId: id, reason: "waiting for the carrier", pausedMinutes: 45 },
      ],
    ]);
  });

  it("counts the AI agent's public reply as the first reply", async () => {
    await updateSlaSettings({ settings: ROUND_THE_CLOCK, actor: await adminActor() }, context);
    const story = await beginStory(prisma, provider, "too-big");
    const answered = await row(story.conversationId);
    expect(answered.slaStartedAt).not.toBeNull();
    expect(answered.firstRepliedAt?.getTime()).toBeGreaterThanOrEqual(
      (answered.slaStartedAt as Date).getTime(),
    );
    const firstAgentMessage = await prisma.message.findFirstOrThrow({
      where: { conversationId: story.conversationId, authorKind: "agent", visibility: "customer" },
      orderBy: { createdAt: "asc" },
    });
    expect(answered.firstRepliedAt).toEqual(firstAgentMessage.createdAt);
    expect(answered.firstReplyDueAt).toBeNull();
    expect(answered.resolutionDueAt).not.toBeNull();
  });

  it("stops resolution while solved and resumes it when the customer writes again", async () => {
    await updateSlaSettings({ settings: ROUND_THE_CLOCK, actor: await adminActor() }, context);
    const id = await heldChat("Solved then reopened");
    const agent = await staff("agent");
    await setWorkflowStatus({ conversationId: id, staff: agent, status: "solved" }, context);
    const solved = await row(id);
    expect(solved.resolutionDueAt).toBeNull();
    expect(solved.firstReplyDueAt).toBeNull();
    const again = await postCustomerMessage(
      { conversationId: id, text: "It is still dented." },
      context,
    );
    await again.completion;
    const reopened = await row(id);
    expect(reopened.workflowStatus).toBe("open");
    expect(reopened.resolutionDueAt).not.toBeNull();
    expect(
      await prisma.slaPause.findMany({ where: { conversationId: id, cause: "solved" } }),
    ).toEqual([expect.objectContaining({ endedAt: expect.any(Date) })]);
  });

  it("recomputes open tickets' due times when the targets change, audited once", async () => {
    await updateSlaSettings({ settings: ROUND_THE_CLOCK, actor: await adminActor() }, context);
    const id = await heldChat("Targets change");
    const start = ((await row(id)).slaStartedAt as Date).getTime();
    const tighter: SlaSettings = {
      ...ROUND_THE_CLOCK,
      targets: {
        ...ROUND_THE_CLOCK.targets,
        chat: { ...ROUND_THE_CLOCK.targets.chat, firstReplyMinutes: 5 },
      },
    };
    const saved = await updateSlaSettings(
      { settings: tighter, actor: await adminActor() },
      context,
    );
    expect(saved.changed).toBe(true);
    expect(saved.recomputedTickets).toBeGreaterThanOrEqual(1);
    expect((await row(id)).firstReplyDueAt?.getTime()).toBe(start + 5 * MINUTE);
    expect(await getSlaSettings(prisma)).toEqual(tighter);
    const events = await prisma.auditEvent.findMany({
      where: { kind: "sla.settings_changed" },
      orderBy: { id: "desc" },
      take: 1,
    });
    expect(events[0]?.payload).toMatchObject({ oldValue: ROUND_THE_CLOCK, newValue: tighter });
    const unchanged = await updateSlaSettings(
      { settings: tighter, actor: await adminActor() },
      context,
    );
    expect(unchanged).toMatchObject({ changed: false, recomputedTickets: 0 });

    const off: SlaSettings = {
      ...tighter,
      targets: { ...tighter.targets, chat: { ...tighter.targets.chat, enabled: false } },
    };
    await updateSlaSettings({ settings: off, actor: await adminActor() }, context);
    expect(await row(id)).toMatchObject({ firstReplyDueAt: null, resolutionDueAt: null });
  });

  it("the inbox lists breached and breaching-soon tickets from the stored due times", async () => {
    await updateSlaSettings({ settings: ROUND_THE_CLOCK, actor: await adminActor() }, context);
    const id = await heldChat("Inbox SLA filter");
    const start = ((await row(id)).slaStartedAt as Date).getTime();
    const admin = await staff("admin");
    const listedAt = async (alert: "breached" | "breaching_soon", minutes: number) => {
      const at = { db: prisma, now: () => new Date(start + minutes * MINUTE) };
      const page = await listInbox(
        {
          status: [],
          q: undefined,
          tag: [],
          sort: "newest",
          limit: 100,
          sla: alert,
          staffUserId: admin.id,
        },
        at,
      );
      return page.conversations.some((conversation) => conversation.id === id);
    };
    expect(await listedAt("breaching_soon", 5)).toBe(false);
    expect(await listedAt("breached", 5)).toBe(false);
    expect(await listedAt("breaching_soon", 13)).toBe(true);
    expect(await listedAt("breached", 13)).toBe(false);
    expect(await listedAt("breaching_soon", 16)).toBe(false);
    expect(await listedAt("breached", 16)).toBe(true);
    const page = await listInbox(
      { status: [], q: undefined, tag: [], sort: "newest", limit: 100, staffUserId: admin.id },
      context,
    );
    expect(page.conversations.find((conversation) => conversation.id === id)).toMatchObject({
      slaDueAt: new Date(start + 15 * MINUTE),
      slaWarnAt: new Date(start + 12 * MINUTE),
    });
    const counts = await countSlaAlerts(
      { staffUserId: admin.id },
      { db: prisma, now: () => new Date(start + 16 * MINUTE) },
    );
    expect(counts.breached).toBeGreaterThanOrEqual(1);
  });

  it("refuses a pause of a ticket outside the staff member's workspaces", async () => {
    const id = await heldChat("Another shop");
    const workspace = await prisma.workspace.create({
      data: { key: `ws_sla_${Date.now()}`, name: "Other shop", identitySecret: "s".repeat(32) },
    });
    const outsider = await prisma.staffUser.create({
      data: {
        email: `outsider-${Date.now()}@example.com`,
        name: "Outsider",
        role: "agent",
        passwordHash: "x",
        workspaces: { create: { workspaceId: workspace.id } },
      },
    });
    await expect(
      pauseSla(
        { conversationId: id, staff: { id: outsider.id, role: "agent" }, reason: "not mine" },
        context,
      ),
    ).rejects.toBeInstanceOf(AppError);
    expect(await prisma.slaPause.count({ where: { conversationId: id } })).toBe(0);
  });
});
