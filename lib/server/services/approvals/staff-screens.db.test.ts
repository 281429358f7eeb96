import { describe, expect, it } from "vitest";
import { createOfflineAgent } from "@/lib/agent/model/offline-agent";
import { AppError } from "@/lib/errors/app-error";
import { sealPendingLogs } from "@/lib/server/audit/seal-pending-logs";
import { exportAuditCsv } from "@/lib/server/services/audit/export-audit-csv";
import { listAuditLog } from "@/lib/server/services/audit/list-audit-log";
import { getConversationThread } from "@/lib/server/services/conversations/get-conversation-thread";
import { actionsOf, beginStory } from "@/tests/support/story-harness";
import { seededTestDatabase } from "@/tests/support/test-database-hooks";
import { testUseCaseContext } from "@/tests/support/test-use-case-context";
import { decideApproval } from "./decide-approval";
import { listApprovalQueue } from "./list-approval-queue";
import { listApprovedRefunds } from "./list-approved-refunds";

/*
 * The services behind the staff screens against real Postgres, driven by the canonical stories:
 * the decision (with its 409 and its audit trail), the queue's risk signals, the ticket snapshot
 * and the audit log's filters, chain check and export.
 */

const prisma = seededTestDatabase();
const provider = createOfflineAgent();
const context = testUseCaseContext({ db: prisma, model: provider });

const staffId = async (role: "agent" | "approver" | "admin") =>
  (await prisma.staffUser.findFirstOrThrow({ where: { role } })).id;

async function crackedOnArrival() {
  const story = await beginStory(prisma, provider, "cracked-on-arrival");
  const [action] = await actionsOf(prisma, story.conversationId);
  expect(action?.status).toBe("awaiting_approval");
  return { story, actionId: action?.id ?? "" };
}

async function readStream(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

describe("decideApproval", () => {
  it("approves, pays once, notes the decision for the team and sends exactly one email (story 1)", async () => {
    const { story, actionId } = await crackedOnArrival();
    // The acknowledgement sent when the request entered the queue.
    const emailsBefore = await prisma.outboxEmail.count({
      where: { conversationId: story.conversationId },
    });
    const repliesBefore = await prisma.message.count({
      where: { conversationId: story.conversationId, authorKind: "agent", visibility: "customer" },
    });
    const approver = await staffId("approver");
    const { result, agentTurn } = await decideApproval(
      { decision: "approve", actionId, deciderId: approver },
      context,
    );
    // The refund email is the customer's answer; the agent is not woken to write another.
    expect(await agentTurn).toBeNull();
    expect(result).toMatchObject({ decision: "approved", status: "executed" });
    expect(result.refund).toMatchObject({ amountCents: 4800, target: "Visa •4242" });
    expect(await prisma.refund.count()).toBe(1);

    const note = await prisma.message.findFirstOrThrow({
      where: { conversationId: story.conversationId, authorKind: "staff" },
    });
    expect(note).toMatchObject({ visibility: "internal", staffUserId: approver });
    expect(note.body).toMatch(/^Approved the refund of \$48\.00 \(quote [0-9a-f]{8}\)\.$/);
    expect(
      await prisma.outboxEmail.findMany({
        where: { conversationId: story.conversationId },
        select: { toAddress: true, subject: true },
        orderBy: { createdAt: "asc" },
        skip: emailsBefore,
      }),
    ).toEqual([{ toAddress: "maya@example.com", subject: "Your refund for order A1043" }]);
    expect(
      await prisma.message.count({
        where: {
          conversationId: story.conversationId,
          authorKind: "agent",
          visibility: "customer",
        },
      }),
    ).toBe(repliesBefore);
    expect(
      (await prisma.conversation.findUniqueOrThrow({ where: { id: story.conversationId } })).status,
    ).toBe("resolved");
  });

  it("on chat, the agent confirms the approved refund in the conversation", async () => {
    const story = await beginStory(prisma, provider, "too-big");
    await story.say("yes");
    const [action] = await actionsOf(prisma, story.conversationId);
    expect(action?.status).toBe("awaiting_approval");
    const { result, agentTurn } = await decideApproval(
      { decision: "approve", actionId: action?.id ?? "", deciderId: await staffId("approver") },
      context,
    );
    expect(result.status).toBe("executed");
    expect(await agentTurn).toBe("completed");
    const lastReply = await prisma.message.findFirstOrThrow({
      where: { conversationId: story.conversationId, authorKind: "agent", visibility: "customer" },
      orderBy: { createdAt: "desc" },
    });
    expect(lastReply.body).toContain("$80.10");
  });

  it("answers a second decision with ALREADY_DECIDED naming the first decider, and audits both", async () => {
    const { actionId } = await crackedOnArrival();
    const first = await decideApproval(
      { decision: "approve", actionId, deciderId: await staffId("approver") },
      context,
    );
    await first.agentTurn;
    const second = decideApproval(
      { decision: "reject", note: "Too late", actionId, deciderId: await staffId("admin") },
      context,
    );
    await expect(second).rejects.toMatchObject({
      code: "ALREADY_DECIDED",
      extensions: { decision: "approved", decidedBy: { name: "Pat Approver" } },
    });
    await expect(second).rejects.toBeInstanceOf(AppError);
    expect(await prisma.refund.count()).toBe(1);
    const kinds = (
      await prisma.auditEvent.findMany({ where: { subjectId: actionId }, orderBy: { id: "asc" } })
    ).map((event) => event.kind);
    expect(kinds).toContain("pending_action.approved");
    expect(kinds).toContain("pending_action.transition_refused");
    // Only the winner's decision wrote a note.
    expect(await prisma.message.count({ where: { authorKind: "staff" } })).toBe(1);
  });

  it("rejects with the note stored on the decision and passed to the agent, moving no money", async () => {
    const { story, actionId } = await crackedOnArrival();
    const { result, agentTurn } = await decideApproval(
      {
        decision: "reject",
        note: "Photos show the crack came from a drop after delivery.",
        actionId,
        deciderId: await staffId("admin"),
      },
      context,
    );
    expect(await agentTurn).toBe("completed");
    expect(result).toMatchObject({ decision: "rejected", status: "rejected", refund: null });
    expect(await prisma.refund.count()).toBe(0);
    expect(await prisma.approvalDecision.findFirstOrThrow()).toMatchObject({
      decision: "rejected",
      note: "Photos show the crack came from a drop after delivery.",
    });
    const note = await prisma.message.findFirstOrThrow({
      where: { conversationId: story.conversationId, authorKind: "staff" },
    });
    expect(note.body).toContain("Reason for the customer: Photos show the crack");
    const lastReply = await prisma.message.findFirstOrThrow({
      where: { conversationId: story.conversationId, authorKind: "agent", visibility: "customer" },
      orderBy: { createdAt: "desc" },
    });
    expect(lastReply.body).toContain("> Photos show the crack came from a drop after delivery.");
  });

  it("on chat, the agent tells the customer the approver's reason in their words, and no refund is made", async () => {
    const story = await beginStory(prisma, provider, "too-big");
    await story.say("yes");
    const [action] = await actionsOf(prisma, story.conversationId);
    expect(action?.status).toBe("awaiting_approval");
    const { result, agentTurn } = await decideApproval(
      {
        decision: "reject",
        note: "Photos show the jacket was worn outside",
        actionId: action?.id ?? "",
        deciderId: await staffId("approver"),
      },
      context,
    );
    expect(await agentTurn).toBe("completed");
    expect(result).toMatchObject({ status: "rejected", refund: null });
    const lastReply = await prisma.message.findFirstOrThrow({
      where: { conversationId: story.conversationId, authorKind: "agent", visibility: "customer" },
      orderBy: { createdAt: "desc" },
    });
    expect(lastReply.body).toContain("> Photos show the jacket was worn outside");
    expect(lastReply.body).toContain("no refund was made");
    expect(await prisma.refund.count()).toBe(0);
  });

  it("refuses a decider without the approver role, whatever the request says", async () => {
    const { actionId } = await crackedOnArrival();
    await expect(
      decideApproval({ decision: "approve", actionId, deciderId: await staffId("agent") }, context),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await prisma.approvalDecision.count()).toBe(0);
  });
});

describe("listApprovalQueue", () => {
  it("lists waiting refunds from their stored quotes with risk signals from the thread", async () => {
    await crackedOnArrival();
    const angry = await beginStory(prisma, provider, "angry-customer");
    await angry.say("I'll file a chargeback and leave a one-star review. Get me your manager.");
    const queue = await listApprovalQueue({ everyWorkspace: true }, context);
    expect(queue.items.map((item) => [item.customer.name, item.netRefundCents])).toEqual([
      ["Maya Chen", 4800],
      ["Priya Natarajan", 3150],
    ]);
    const priya = queue.items[1];
    expect(priya?.items).toEqual(["Cast-iron skillet"]);
    expect(priya?.title).toBe("Refund $31.50 — Cast-iron skillet");
    expect(priya?.gate).toBe("Needs approval: over the $25.00 auto-approve limit");
    expect(priya?.policyVersion).toBe("refund-policy/v1");
    expect(queue.items[0]?.gate).toBe("Needs approval: over the $25.00 auto-approve limit");
    expect(priya?.risks.map((risk) => risk.code)).toEqual(
      expect.arrayContaining(["THREAT", "MANAGER_REQUEST"]),
    );
    expect(priya?.risks.map((risk) => risk.code)).not.toContain("OVER_LIMIT");
    expect(queue.items[0]?.risks.map((risk) => risk.code)).not.toContain("THREAT");
  });

  it("counts refunds the customer already received", async () => {
    const { actionId } = await crackedOnArrival();
    await (
      await decideApproval(
        { decision: "approve", actionId, deciderId: await staffId("approver") },
        context,
      )
    ).agentTurn;
    const mugs = await beginStory(prisma, provider, "cracked-on-arrival");
    await mugs.say("Actually one of the mugs is chipped too, please refund it.");
    const queue = await listApprovalQueue({ everyWorkspace: true }, context);
    expect(queue.items.length).toBeGreaterThan(0);
    for (const item of queue.items) {
      expect(item.risks.find((risk) => risk.code === "PRIOR_REFUNDS")?.label).toBe(
        "1 earlier refund to this customer ($48.00)",
      );
    }
  });
});

describe("listApprovedRefunds", () => {
  it("shows each approved refund's provider state, reason and provider, for a week", async () => {
    const { actionId } = await crackedOnArrival();
    await decideApproval(
      { decision: "approve", actionId, deciderId: await staffId("approver") },
      context,
    );
    const shown = async (at: Date = new Date()) =>
      (await listApprovedRefunds({ everyWorkspace: true }, { db: prisma, now: () => at })).filter(
        (refund) => refund.actionId === actionId,
      );
    const [paid] = await shown();
    expect(paid).toMatchObject({
      title: "$48.00 to Visa •4242 — Glass pour-over coffee maker",
      refund: { state: "succeeded", reason: null, provider: "ledger" },
    });
    expect(paid?.refund.paidAt).not.toBeNull();

    await prisma.refund.update({
      where: { pendingActionId: actionId },
      data: { status: "failed", statusReason: "expired_or_canceled_card" },
    });
    expect((await shown())[0]?.refund).toMatchObject({
      state: "failed",
      reason: "expired_or_canceled_card",
    });
    expect(await shown(new Date(Date.now() + 8 * 24 * 60 * 60 * 1000))).toEqual([]);
  });
});

describe("getConversationThread", () => {
  it("returns messages and runs in order, tool calls with their results, policy chips and the stored quote", async () => {
    const { story, actionId } = await crackedOnArrival();
    const thread = await getConversationThread(
      { conversationId: story.conversationId, everyWorkspace: true },
      testUseCaseContext({ db: prisma }),
    );
    expect(thread.conversation).toMatchObject({ channel: "email", orderNumbers: ["A1043"] });
    expect(thread.timeline[0]).toMatchObject({ type: "message", author: "customer" });
    const run = thread.timeline.find((item) => item.type === "run");
    if (run?.type !== "run") throw new Error("no run in the thread");
    expect(run.status).toBe("completed");
    const policy = run.steps.find((step) => step.toolName === "check_refund_policy");
    expect(policy?.toolArgs).toContain('"orderNumber": "A1043"');
    expect(policy?.toolResult).toContain("refundableLineIds");
    expect(policy?.policyFacts.map((chip) => chip.label)).toContain("Delivered 6 days ago");
    expect(run.resumedByProcesses).toEqual([]);

    const [action] = thread.actions;
    expect(action).toMatchObject({
      id: actionId,
      status: "awaiting_approval",
      netRefundCents: 4800,
      gates: { customerConfirmation: "not_required", staffApproval: "pending" },
    });
    expect(action?.lines).toEqual([
      expect.objectContaining({ name: "Glass pour-over coffee maker", refundCents: 4800 }),
    ]);
    expect(action?.quoteHashShort).toHaveLength(8);
    expect(thread.timeline.some((item) => item.type === "message" && item.teamNote)).toBe(true);
  });

  it("marks a run whose steps were written by another process as resumed elsewhere", async () => {
    const { story } = await crackedOnArrival();
    const run = await prisma.run.findFirstOrThrow({
      where: { conversationId: story.conversationId },
    });
    const last = await prisma.runStep.findFirstOrThrow({
      where: { runId: run.id },
      orderBy: { sequence: "desc" },
    });
    await prisma.runStep.update({
      where: { id: last.id },
      data: { processId: "other-host:42:ab" },
    });
    const thread = await getConversationThread(
      { conversationId: story.conversationId, everyWorkspace: true },
      testUseCaseContext({ db: prisma }),
    );
    const shown = thread.timeline.find((item) => item.type === "run");
    expect(shown?.type === "run" && shown.resumedByProcesses).toEqual(["other-host:42:ab"]);
  });

  it("is NOT_FOUND for an unknown ticket", async () => {
    await expect(
      getConversationThread(
        { conversationId: "tkt_missing", everyWorkspace: true },
        testUseCaseContext({ db: prisma }),
      ),
    ).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });
});

describe("audit log", () => {
  it("filters by conversation, action (payload references included), actor and kind", async () => {
    const { story, actionId } = await crackedOnArrival();
    const approver = await staffId("approver");
    await (await decideApproval({ decision: "approve", actionId, deciderId: approver }, context))
      .agentTurn;
    await beginStory(prisma, provider, "past-30-days");

    await sealPendingLogs(prisma);
    const all = await listAuditLog({}, context);
    const mine = await listAuditLog({ conversation: story.conversationId }, context);
    expect(mine.entries.length).toBeGreaterThan(0);
    expect(mine.entries.length).toBeLessThan(all.entries.length);
    expect(mine.entries.every((entry) => entry.conversationId === story.conversationId)).toBe(true);

    const byAction = await listAuditLog({ action: actionId }, context);
    expect(byAction.entries.map((entry) => entry.kind)).toEqual(
      expect.arrayContaining(["pending_action.approved", "refund.executed", "email.queued"]),
    );

    const byApprover = await listAuditLog({ actor: `staff:${approver}` }, context);
    expect(byApprover.entries.map((entry) => [entry.kind, entry.actorLabel])).toEqual([
      ["pending_action.approved", "Pat Approver"],
    ]);
    const byKind = await listAuditLog({ kind: "refund.executed" }, context);
    expect(byKind.entries).toHaveLength(1);
    const future = await listAuditLog({ from: new Date(Date.now() + 60_000) }, context);
    expect(future.entries).toEqual([]);
  });

  it("pages newest first by position and reports where a tampered chain breaks", async () => {
    await crackedOnArrival();
    await beginStory(prisma, provider, "past-30-days");
    await sealPendingLogs(prisma);
    const total = await prisma.auditEvent.count();
    const first = await listAuditLog({}, context);
    expect(first.chain).toMatchObject({ ok: true, checked: total, pending: 0 });
    expect(first.chain.checkpoint?.position).toBe(String(total));
    const positions = first.entries.map((entry) => BigInt(entry.position));
    expect(positions).toEqual([...positions].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0)));

    const victim = await prisma.auditEvent.findFirstOrThrow({
      orderBy: { position: "asc" },
      skip: 2,
    });
    // As someone who owns the table could: the append-only trigger is switched off first.
    await prisma.$transaction([
      prisma.$executeRaw`ALTER TABLE audit_events DISABLE TRIGGER audit_events_append_only`,
      prisma.$executeRaw`UPDATE audit_events SET payload = '{"tampered": true}' WHERE id = ${victim.id}`,
      prisma.$executeRaw`ALTER TABLE audit_events ENABLE TRIGGER audit_events_append_only`,
    ]);
    const after = await listAuditLog({}, context);
    expect(after.chain).toMatchObject({ ok: false, brokenAtId: victim.id.toString(), checked: 2 });
  });

  it("exports the filtered log as CSV in chain order", async () => {
    const { story } = await crackedOnArrival();
    await sealPendingLogs(prisma);
    const csv = await readStream(exportAuditCsv({ conversation: story.conversationId }, context));
    const lines = csv.trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "position,id,created_at,kind,actor_kind,actor_id,subject_type,subject_id,conversation_id,payload,prev_hash,hash,payload_check",
    );
    const count = await prisma.auditEvent.count({
      where: { conversationId: story.conversationId },
    });
    expect(lines).toHaveLength(count + 1);
    const positions = lines.slice(1).map((line) => Number(line.split(",")[0]));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });
});
