import { describe, expect, it } from "vitest";
import { createOfflineAgent } from "@/lib/agent/model/offline-agent";
import { postCustomerMessage } from "@/lib/server/services/intake/post-customer-message";
import { handBackConversation } from "@/lib/server/services/runs/hand-back-conversation";
import { resumeRun } from "@/lib/server/services/runs/resume-run";
import { takeOverConversation } from "@/lib/server/services/runs/take-over-conversation";
import { actionsOf, beginStory } from "@/tests/support/story-harness";
import { seededTestDatabase } from "@/tests/support/test-database-hooks";
import { testUseCaseContext } from "@/tests/support/test-use-case-context";
import { addTeamNote } from "./add-team-note";
import { assignConversation } from "./assign-conversation";
import { replyToCustomer } from "./reply-to-customer";
import { setWorkflowStatus } from "./set-workflow-status";

/*
 * Ticket work by people, against real Postgres and the canonical stories: replies on each
 * channel, take over / hand back (the AI stays silent in between), notes, assignee and status,
 * each with its audit event.
 */

const prisma = seededTestDatabase();
const provider = createOfflineAgent();
const context = testUseCaseContext({ db: prisma, model: provider });

const staff = async (role: "agent" | "approver" | "admin") => {
  const user = await prisma.staffUser.findFirstOrThrow({ where: { role } });
  return { id: user.id, role: user.role, name: user.name };
};

const auditKinds = async (conversationId: string, prefix: string) =>
  (
    await prisma.auditEvent.findMany({
      where: { conversationId, kind: { startsWith: prefix } },
      orderBy: { id: "asc" },
    })
  ).map((event) => ({ kind: event.kind, actorId: event.actorId, payload: event.payload }));

describe("replyToCustomer", () => {
  it("emails an email ticket's customer exactly the text the ticket shows, and audits it", async () => {
    const story = await beginStory(prisma, provider, "cracked-on-arrival");
    const agent = await staff("agent");
    const { messageId } = await replyToCustomer(
      { conversationId: story.conversationId, staffUserId: agent.id, text: "  We are on it.  " },
      context,
    );
    const message = await prisma.message.findUniqueOrThrow({ where: { id: messageId } });
    expect(message).toMatchObject({
      authorKind: "staff",
      visibility: "customer",
      staffUserId: agent.id,
      body: `We are on it.\n\n— ${agent.name}, Countersign Support`,
    });
    const email = await prisma.outboxEmail.findUniqueOrThrow({
      where: { idempotencyKey: `message:${messageId}` },
    });
    expect(email).toMatchObject({ toAddress: "maya@example.com", bodyText: message.body });
    expect(await auditKinds(story.conversationId, "ticket.")).toEqual([
      {
        kind: "ticket.replied",
        actorId: agent.id,
        payload: expect.objectContaining({
          messageId,
          channel: "email",
          outboxEmailId: email.id,
          cause: "staff_reply",
        }),
      },
    ]);
  });

  it("answers a chat in the chat only, and refuses empty or NUL text with nothing written", async () => {
    const story = await beginStory(prisma, provider, "too-big");
    const agent = await staff("agent");
    await replyToCustomer(
      { conversationId: story.conversationId, staffUserId: agent.id, text: "Hello" },
      context,
    );
    expect(
      await prisma.outboxEmail.count({ where: { conversationId: story.conversationId } }),
    ).toBe(0);
    const before = await prisma.message.count();
    for (const text of ["   ", "a\u0000b", "x".repeat(8001)]) {
      await expect(
        replyToCustomer(
          { conversationId: story.conversationId, staffUserId: agent.id, text },
          context,
        ),
      ).rejects.toThrow();
    }
    expect(await prisma.message.count()).toBe(before);
  });
});

describe("take over and hand back", () => {
  it("keeps the AI silent while a person owns the chat, classifies the customer's yes, and resumes after the hand-back", async () => {
    const story = await beginStory(prisma, provider, "too-big");
    const agent = await staff("agent");
    await takeOverConversation({ conversationId: story.conversationId, staff: agent }, context);
    const runsBefore = await prisma.run.count({ where: { conversationId: story.conversationId } });

    const posted = await postCustomerMessage(
      {
        conversationId: story.conversationId,
        text: "yes",
        ...(story.sessionId && { sessionId: story.sessionId }),
      },
      context,
    );
    expect(posted.runId).toBeNull();
    expect(await posted.completion).toBe("not_claimed");
    expect(await prisma.run.count({ where: { conversationId: story.conversationId } })).toBe(
      runsBefore,
    );
    // The deterministic classifier still moved the quote: $80.10 is above the limit.
    const [action] = await actionsOf(prisma, story.conversationId);
    expect(action?.status).toBe("awaiting_approval");
    const lastRun = await prisma.run.findFirstOrThrow({
      where: { conversationId: story.conversationId },
      orderBy: { createdAt: "desc" },
    });
    await expect(
      resumeRun({ runId: lastRun.id, actor: { type: "system" } }, context),
    ).rejects.toThrow(/taken this conversation over/);

    const other = await staff("approver");
    await expect(
      takeOverConversation({ conversationId: story.conversationId, staff: other }, context),
    ).rejects.toThrow(/already taken it over/);

    const { runId, completion } = await handBackConversation(
      { conversationId: story.conversationId, staff: agent },
      context,
    );
    expect(runId).not.toBeNull();
    expect(await completion).toBe("completed");
    expect(await prisma.run.count({ where: { conversationId: story.conversationId } })).toBe(
      runsBefore + 1,
    );
    expect((await auditKinds(story.conversationId, "ticket.")).map((e) => e.kind)).toEqual([
      "ticket.taken_over",
      "ticket.handed_back",
    ]);
    const conversation = await prisma.conversation.findUniqueOrThrow({
      where: { id: story.conversationId },
    });
    expect(conversation.humanOwnerId).toBeNull();
  });

  it("stops a queued run when a person takes over", async () => {
    const story = await beginStory(prisma, provider, "too-big");
    // Reserved by the process that queued it (as a customer message's run is), so the story's
    // finished run does not pick it up as the conversation's next queued run first.
    const queued = await prisma.run.create({
      data: {
        conversationId: story.conversationId,
        provider: "offline",
        model: "offline",
        leaseOwner: "reserved:test-message",
      },
    });
    const agent = await staff("agent");
    const taken = await takeOverConversation(
      { conversationId: story.conversationId, staff: agent },
      context,
    );
    expect(taken.stoppedRunIds).toEqual([queued.id]);
    expect((await prisma.run.findUniqueOrThrow({ where: { id: queued.id } })).status).toBe(
      "stopped",
    );
  });
});

describe("notes, assignee and status", () => {
  it("stores a note internally, as written, and audits it", async () => {
    const story = await beginStory(prisma, provider, "too-big");
    const agent = await staff("agent");
    const text = "| Item | Refund |\n|---|---|\n| Jacket | $500.00 |";
    const { messageId } = await addTeamNote(
      { conversationId: story.conversationId, staff: agent, text },
      context,
    );
    expect(await prisma.message.findUniqueOrThrow({ where: { id: messageId } })).toMatchObject({
      visibility: "internal",
      authorKind: "staff",
      body: text,
    });
    expect(await auditKinds(story.conversationId, "ticket.")).toEqual([
      {
        kind: "ticket.note_added",
        actorId: agent.id,
        payload: expect.objectContaining({ messageId }),
      },
    ]);
  });

  it("assigns to a person, refuses an unknown one, and unassigns, each audited", async () => {
    const story = await beginStory(prisma, provider, "too-big");
    const agent = await staff("agent");
    const approver = await staff("approver");
    const conversationId = story.conversationId;
    await assignConversation({ conversationId, staff: agent, assigneeId: approver.id }, context);
    await expect(
      assignConversation({ conversationId, staff: agent, assigneeId: "nobody" }, context),
    ).rejects.toThrow(/active staff member/);
    await assignConversation({ conversationId, staff: agent, assigneeId: null }, context);
    expect((await auditKinds(conversationId, "ticket.")).map((event) => event.payload)).toEqual([
      expect.objectContaining({ fromAssigneeId: null, toAssigneeId: approver.id }),
      expect.objectContaining({ fromAssigneeId: approver.id, toAssigneeId: null }),
    ]);
  });

  it("goes open → pending → solved and a customer reply reopens it", async () => {
    const story = await beginStory(prisma, provider, "too-big");
    const agent = await staff("agent");
    const conversationId = story.conversationId;
    await setWorkflowStatus({ conversationId, staff: agent, status: "pending" }, context);
    await setWorkflowStatus({ conversationId, staff: agent, status: "solved" }, context);
    await story.say("What is your refund policy?");
    const conversation = await prisma.conversation.findUniqueOrThrow({
      where: { id: conversationId },
    });
    expect(conversation.workflowStatus).toBe("open");
    expect(
      (await auditKinds(conversationId, "ticket.status_changed")).map((event) => event.payload),
    ).toEqual([
      expect.objectContaining({ from: "open", to: "pending", cause: "staff" }),
      expect.objectContaining({ from: "pending", to: "solved", cause: "staff" }),
      expect.objectContaining({ from: "solved", to: "open", cause: "customer_reply" }),
    ]);
  });
});
