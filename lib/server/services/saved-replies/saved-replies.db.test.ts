import { describe, expect, it } from "vitest";
import { createOfflineAgent } from "@/lib/agent/model/offline-agent";
import { formatMoney } from "@/lib/domain/money";
import { beginStory } from "@/tests/support/story-harness";
import { seededTestDatabase } from "@/tests/support/test-database-hooks";
import { testUseCaseContext } from "@/tests/support/test-use-case-context";
import { archiveSavedReply } from "./archive-saved-reply";
import { createSavedReply } from "./create-saved-reply";
import { listSavedReplies } from "./list-saved-replies";
import { renderSavedReplyForConversation } from "./render-saved-reply";
import { savedReplyUsage } from "./saved-reply-usage";
import { updateSavedReply } from "./update-saved-reply";

/*
 * Saved replies against real Postgres: each change audited in its transaction, shared replies
 * for the team and personal ones for their owner, only admins changing shared ones, and a reply
 * rendered from a real story's records (the open quote's amount, or the variables it lacks) with
 * its use counted.
 */

const prisma = seededTestDatabase();
const provider = createOfflineAgent();
const context = testUseCaseContext({ db: prisma, model: provider });

const staff = async (role: "agent" | "approver" | "admin") => {
  const user = await prisma.staffUser.findFirstOrThrow({ where: { role } });
  return { id: user.id, role: user.role, name: user.name };
};

const auditOf = async (replyId: string) =>
  (
    await prisma.auditEvent.findMany({
      where: { subjectType: "saved_reply", subjectId: replyId },
      orderBy: { id: "asc" },
    })
  ).map((event) => ({ kind: event.kind, actorId: event.actorId, payload: event.payload }));

const wholeDay = (from: Date) => ({ from, to: new Date(from.getTime() + 86_400_000) });

describe("saved replies", () => {
  it("audits creating, changing and archiving, and an archived reply is no longer offered", async () => {
    const admin = await staff("admin");
    const created = await createSavedReply(
      { viewer: admin, title: "Photo please", body: "Hi {{customer.first_name}}!", shared: true },
      context,
    );
    expect(created).toMatchObject({ shared: true, canEdit: true });
    const updated = await updateSavedReply(
      {
        replyId: created.id,
        viewer: admin,
        title: "Photo, please",
        body: "Hello {{customer.name}}",
      },
      context,
    );
    expect(updated.body).toBe("Hello {{customer.name}}");
    await archiveSavedReply({ replyId: created.id, viewer: admin }, context);
    const { workspaceId } = await prisma.savedReply.findUniqueOrThrow({
      where: { id: created.id },
    });
    expect(await auditOf(created.id)).toEqual([
      {
        kind: "saved_reply.created",
        actorId: admin.id,
        payload: { workspaceId, title: "Photo please", shared: true },
      },
      {
        kind: "saved_reply.updated",
        actorId: admin.id,
        payload: { workspaceId, title: "Photo, please", shared: true },
      },
      {
        kind: "saved_reply.archived",
        actorId: admin.id,
        payload: { workspaceId, title: "Photo, please", shared: true },
      },
    ]);
    const listed = await listSavedReplies({ viewer: admin }, context);
    expect(listed.replies.map((reply) => reply.id)).not.toContain(created.id);
  });

  it("refuses a body with an unknown variable at save time, naming it and its place", async () => {
    const agent = await staff("agent");
    const before = await prisma.savedReply.count();
    await expect(
      createSavedReply(
        { viewer: agent, title: "Bad", body: "Hi {{customer.email}}", shared: false },
        context,
      ),
    ).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
      extensions: {
        problems: [expect.objectContaining({ name: "customer.email", line: 1, column: 4 })],
      },
    });
    expect(await prisma.savedReply.count()).toBe(before);
  });

  it("shows shared replies to the team and a personal one to its owner only", async () => {
    const [agent, approver, admin] = await Promise.all([
      staff("agent"),
      staff("approver"),
      staff("admin"),
    ]);
    const shared = await createSavedReply(
      { viewer: admin, title: "Team hello", body: "Hello", shared: true },
      context,
    );
    const personal = await createSavedReply(
      { viewer: agent, title: "My sign-off", body: "Cheers, {{agent.first_name}}", shared: false },
      context,
    );
    const ids = async (viewer: typeof agent) =>
      (await listSavedReplies({ viewer }, context)).replies.map((reply) => reply.id);
    expect(await ids(agent)).toEqual(expect.arrayContaining([shared.id, personal.id]));
    expect(await ids(approver)).toContain(shared.id);
    expect(await ids(approver)).not.toContain(personal.id);
    expect(
      (await listSavedReplies({ viewer: agent }, context)).replies.find(
        (reply) => reply.id === shared.id,
      ),
    ).toMatchObject({ canEdit: false });
    await expect(
      updateSavedReply(
        { replyId: personal.id, viewer: approver, title: "Mine now", body: "x" },
        context,
      ),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("forbids an agent to write or change a shared reply, with nothing written", async () => {
    const [agent, admin] = await Promise.all([staff("agent"), staff("admin")]);
    await expect(
      createSavedReply({ viewer: agent, title: "For all", body: "Hi", shared: true }, context),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    const shared = await createSavedReply(
      { viewer: admin, title: "Team", body: "Hello", shared: true },
      context,
    );
    await expect(
      updateSavedReply({ replyId: shared.id, viewer: agent, title: "Team", body: "Bye" }, context),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(
      archiveSavedReply({ replyId: shared.id, viewer: agent }, context),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await prisma.savedReply.findUniqueOrThrow({ where: { id: shared.id } })).toMatchObject({
      body: "Hello",
      archivedAt: null,
    });
    expect((await auditOf(shared.id)).map((event) => event.kind)).toEqual(["saved_reply.created"]);
  });

  it("renders the open quote's amount and the customer's name, and counts the use", async () => {
    const agent = await staff("agent");
    const story = await beginStory(prisma, provider, "cracked-on-arrival");
    const quote = await prisma.pendingAction.findFirstOrThrow({
      where: {
        conversationId: story.conversationId,
        status: { in: ["awaiting_confirmation", "awaiting_approval"] },
      },
    });
    const reply = await createSavedReply(
      {
        viewer: agent,
        title: "Quote",
        body: "Hi {{customer.first_name}}, your refund of {{quote.amount}} is on its way to review. {{agent.first_name}}",
        shared: false,
      },
      context,
    );
    const start = new Date();
    const rendered = await renderSavedReplyForConversation(
      { replyId: reply.id, conversationId: story.conversationId, viewer: agent },
      context,
    );
    expect(rendered).toEqual({
      status: "rendered",
      text: `Hi Maya, your refund of ${formatMoney(quote.netRefundCents, quote.currency)} is on its way to review. ${agent.name.split(" ")[0]}`,
    });
    expect(
      await prisma.savedReplyUse.findMany({
        where: { savedReplyId: reply.id },
        select: { conversationId: true, staffUserId: true },
      }),
    ).toEqual([{ conversationId: story.conversationId, staffUserId: agent.id }]);
    const usage = await savedReplyUsage(
      { period: wholeDay(new Date(start.getTime() - 3_600_000)), staffUserId: agent.id },
      context,
    );
    expect(usage.find((row) => row.replyId === reply.id)).toMatchObject({
      title: "Quote",
      shared: false,
      uses: 1,
    });
  });

  it("reports the variables a ticket has no value for, inserts nothing and counts no use", async () => {
    const agent = await staff("agent");
    const story = await beginStory(prisma, provider, "past-30-days");
    expect(
      await prisma.pendingAction.count({
        where: {
          conversationId: story.conversationId,
          status: { in: ["awaiting_confirmation", "awaiting_approval"] },
        },
      }),
    ).toBe(0);
    const reply = await createSavedReply(
      { viewer: agent, title: "Amount", body: "You get {{quote.amount}}.", shared: false },
      context,
    );
    const rendered = await renderSavedReplyForConversation(
      { replyId: reply.id, conversationId: story.conversationId, viewer: agent },
      context,
    );
    expect(rendered).toEqual({
      status: "missing",
      missing: [
        { name: "quote.amount", description: expect.stringContaining("open refund quote") },
      ],
    });
    expect(await prisma.savedReplyUse.count({ where: { savedReplyId: reply.id } })).toBe(0);
  });

  it("asks someone in several shops which one a reply is for, and offers a ticket only its shop's", async () => {
    const agent = await staff("agent");
    const story = await beginStory(prisma, provider, "too-big");
    const other = await prisma.workspace.create({
      data: { key: "second-shop", name: "Second Shop", identitySecret: "secret" },
    });
    await prisma.workspaceMember.create({
      data: { workspaceId: other.id, staffUserId: agent.id },
    });
    await expect(
      createSavedReply({ viewer: agent, title: "Where?", body: "Hi", shared: false }, context),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    const elsewhere = await createSavedReply(
      {
        viewer: agent,
        title: "Second shop hello",
        body: "Hi",
        shared: false,
        workspaceId: other.id,
      },
      context,
    );
    const offered = await listSavedReplies(
      { viewer: agent, conversationId: story.conversationId },
      context,
    );
    expect(offered.replies.map((reply) => reply.id)).not.toContain(elsewhere.id);
    expect(offered.replies.length).toBeGreaterThan(0);
    await expect(
      renderSavedReplyForConversation(
        { replyId: elsewhere.id, conversationId: story.conversationId, viewer: agent },
        context,
      ),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    await prisma.workspaceMember.delete({
      where: { workspaceId_staffUserId: { workspaceId: other.id, staffUserId: agent.id } },
    });
  });
});
