import { describe, expect, it } from "vitest";
import { createOfflineAgent } from "@/lib/agent/model/offline-agent";
import { AGENT_ACTOR } from "@/lib/domain/actor";
import type { Prisma } from "@/lib/generated/prisma/client";
import {
  createLedgerPaymentProvider,
  type SimulatedOutcome,
} from "@/lib/integrations/payments/ledger/ledger-payment-provider";
import { flagForPerson } from "@/lib/server/services/conversations/flag-for-person";
import { getConversationThread } from "@/lib/server/services/conversations/get-conversation-thread";
import {
  reopenOnRefundFailure,
  setWorkflowStatus,
} from "@/lib/server/services/conversations/set-workflow-status";
import { handleDispute } from "@/lib/server/services/disputes/handle-dispute";
import { inboxQuerySchema, listInbox } from "@/lib/server/services/inbox/list-inbox";
import { approveAction } from "@/lib/server/services/pending-actions/approve-or-reject-action";
import { executePendingAction } from "@/lib/server/services/pending-actions/execute-pending-action";
import { lookUpReconciliation } from "@/lib/server/services/reconciliations/look-up-reconciliation";
import { settleReconciliation } from "@/lib/server/services/reconciliations/settle-reconciliation";
import { takeOverConversation } from "@/lib/server/services/runs/take-over-conversation";
import { proposeMayaRefund } from "@/tests/support/propose-maya-refund";
import { beginStory } from "@/tests/support/story-harness";
import { seededTestDatabase } from "@/tests/support/test-database-hooks";
import { testUseCaseContext } from "@/tests/support/test-use-case-context";
import { countWorkQueueItems, listWorkQueue } from "./list-work-queue";

/*
 * The work queues and what people do from them, against real Postgres: disputes (at stake
 * summed, acknowledged, resolved), failed refunds with their next step, and each way of settling
 * an unknown payment, which is audited and told to the customer.
 */

const prisma = seededTestDatabase();
const reads = testUseCaseContext({ db: prisma });
const provider = createOfflineAgent();
const withModel = testUseCaseContext({ db: prisma, model: provider });

const staff = async (role: "agent" | "approver" | "admin") => {
  const user = await prisma.staffUser.findFirstOrThrow({ where: { role } });
  return { id: user.id, role: user.role };
};
const ledger = (simulate?: () => SimulatedOutcome) =>
  createLedgerPaymentProvider({ db: prisma, simulate });
const context = (simulate?: () => SimulatedOutcome) =>
  testUseCaseContext({ db: prisma, payments: ledger(simulate), faultPoint: () => {} });

async function approvedMayaRefund(channel: "chat" | "email") {
  const { actionId, conversationId } = await proposeMayaRefund(prisma, channel, context());
  await prisma.pendingAction.update({
    where: { id: actionId },
    data: { status: "awaiting_approval", needsConfirmation: false, needsApproval: true },
  });
  await approveAction({ actionId, deciderId: (await staff("approver")).id }, context());
  return { actionId, conversationId };
}

async function copyApprovedAction(actionId: string) {
  const {
    id: _id,
    createdAt: _created,
    updatedAt: _updated,
    ...row
  } = await prisma.pendingAction.findUniqueOrThrow({ where: { id: actionId } });
  const conversation = await prisma.conversation.create({
    data: {
      channel: "email",
      customerId: row.customerId,
      orderId: row.orderId,
      subject: "Cracked",
    },
  });
  const copy = await prisma.pendingAction.create({
    data: {
      ...row,
      id: `pa_copy_${conversation.id}`,
      conversationId: conversation.id,
      idempotencyKey: `copy:${row.idempotencyKey}`,
      quote: row.quote as Prisma.InputJsonValue,
      refusedReasons: row.refusedReasons as Prisma.InputJsonValue,
      orderFacts: (row.orderFacts ?? undefined) as Prisma.InputJsonValue | undefined,
    },
  });
  return { actionId: copy.id, conversationId: conversation.id };
}

async function mayaRefund(channel: "chat" | "email", simulate: () => SimulatedOutcome) {
  const approved = await approvedMayaRefund(channel);
  await executePendingAction({ actionId: approved.actionId }, context(simulate));
  return approved;
}

const customerMessages = (conversationId: string) =>
  prisma.message.findMany({
    where: { conversationId, authorKind: "staff", visibility: "customer" },
    select: { body: true },
  });

describe("disputes queue", () => {
  it("sums both of Ana's disputes at stake, and billing acknowledges then resolves each", async () => {
    const story = await beginStory(prisma, provider, "billing-dispute");
    await story.say("CH-88310 is wrong");
    const conversation = await prisma.conversation.findUniqueOrThrow({
      where: { id: story.conversationId },
    });
    expect(conversation.amountAtStakeCents).toBe(13248);
    expect((await countWorkQueueItems({ everyWorkspace: true }, reads)).disputes).toBe(2);
    const page = await listWorkQueue({ queue: "disputes", everyWorkspace: true }, reads);
    if (page.queue !== "disputes") throw new Error("wrong queue");
    expect(page.disputes.map((d) => [d.category, d.impact, d.amountCents])).toEqual([
      ["duplicate_charge", "medium", 11998],
      ["wrong_amount", "low", 1250],
    ]);

    const billing = await staff("approver");
    const [first] = page.disputes;
    if (!first) throw new Error("no dispute");
    await handleDispute({ disputeId: first.id, staff: billing, step: "acknowledge" }, context());
    await expect(
      handleDispute({ disputeId: first.id, staff: billing, step: "acknowledge" }, context()),
    ).rejects.toThrow(/already acknowledged/);
    await handleDispute(
      { disputeId: first.id, staff: billing, step: "resolve", note: "Duplicate voided" },
      context(),
    );
    expect(
      (await prisma.conversation.findUniqueOrThrow({ where: { id: story.conversationId } }))
        .amountAtStakeCents,
    ).toBe(1250);
    expect((await countWorkQueueItems({ everyWorkspace: true }, reads)).disputes).toBe(1);
    const kinds = await prisma.auditEvent.findMany({
      where: { subjectId: first.id, kind: { startsWith: "dispute." } },
      orderBy: { id: "asc" },
    });
    expect(kinds.map((event) => [event.kind, event.actorId])).toEqual([
      ["dispute.opened", null],
      ["dispute.acknowledged", billing.id],
      ["dispute.resolved", billing.id],
    ]);
  });
});

describe("failed refunds queue", () => {
  it("lists a refund refused because another refund paid the line, says why and what to do, until the ticket is solved", async () => {
    // Two approved actions for the same coffee maker: the first pays, the second is refused.
    // A second proposal is now blocked while the first is open, so the second is a copy of the
    // first's row on another ticket, as one made before that guard existed would be.
    const first = await approvedMayaRefund("email");
    const second = await copyApprovedAction(first.actionId);
    await executePendingAction({ actionId: first.actionId }, context());
    await executePendingAction({ actionId: second.actionId }, context());
    const page = await listWorkQueue({ queue: "failed_refunds", everyWorkspace: true }, reads);
    if (page.queue !== "failed_refunds") throw new Error("wrong queue");
    expect(page.actions.map((action) => action.id)).toEqual([second.actionId]);
    expect(page.actions[0]?.failureReason).toMatch(/refunded/);
    expect(page.actions[0]?.nextStep).toMatch(/Another refund already paid/);
    await setWorkflowStatus(
      { conversationId: second.conversationId, staff: await staff("agent"), status: "solved" },
      withModel,
    );
    expect((await countWorkQueueItems({ everyWorkspace: true }, reads)).failed_refunds).toBe(0);
  });
});

describe("failed refunds queue: the provider's failures", () => {
  // The provider's report as the webhook intake stores it: the refund's state, reason and times,
  // and the ticket the paid refund had solved reopened when the refund failed.
  const providerReports = async (actionId: string, data: Prisma.RefundUpdateManyMutationInput) => {
    const refund = await prisma.refund.update({ where: { pendingActionId: actionId }, data });
    if (refund.status === "failed" || refund.status === "canceled") {
      const { conversationId } = await prisma.pendingAction.findUniqueOrThrow({
        where: { id: actionId },
      });
      await prisma.$transaction((tx) => reopenOnRefundFailure(tx, conversationId, new Date()));
    }
  };

  it("lists an executed refund the provider failed after paying, with its reason, until the ticket is solved", async () => {
    const { actionId, conversationId } = await approvedMayaRefund("email");
    await executePendingAction({ actionId }, context());
    const listed = async () => {
      const page = await listWorkQueue({ queue: "failed_refunds", everyWorkspace: true }, reads);
      if (page.queue !== "failed_refunds") throw new Error("wrong queue");
      return page.actions.filter((action) => action.id === actionId);
    };
    expect(await listed()).toEqual([]);

    await providerReports(actionId, { status: "pending", statusReason: "charge_pending" });
    expect(await listed()).toEqual([]);

    const paidAt = new Date("2026-03-15T12:00:00.000Z");
    await providerReports(actionId, {
      status: "failed",
      statusReason: "lost_or_stolen_card",
      paidAt,
      failedAt: new Date("2026-03-18T09:00:00.000Z"),
    });
    const [row] = await listed();
    expect(row).toMatchObject({
      status: "executed",
      refund: {
        state: "failed",
        reason: "lost_or_stolen_card",
        provider: "ledger",
        paidAt: paidAt.toISOString(),
      },
    });
    expect(row?.nextStep).toMatch(/reported this refund paid, then took it back/);
    expect(
      (await countWorkQueueItems({ everyWorkspace: true }, reads)).failed_refunds,
    ).toBeGreaterThanOrEqual(1);

    await setWorkflowStatus(
      { conversationId, staff: await staff("agent"), status: "solved" },
      withModel,
    );
    expect(await listed()).toEqual([]);
  });

  it("lists a refund the provider canceled before paying, saying no money reached the customer", async () => {
    const { actionId } = await approvedMayaRefund("chat");
    await executePendingAction({ actionId }, context());
    await providerReports(actionId, {
      status: "canceled",
      statusReason: "merchant_request",
      paidAt: null,
    });
    const page = await listWorkQueue({ queue: "failed_refunds", everyWorkspace: true }, reads);
    if (page.queue !== "failed_refunds") throw new Error("wrong queue");
    const row = page.actions.find((action) => action.id === actionId);
    expect(row?.refund).toMatchObject({
      state: "canceled",
      reason: "merchant_request",
      paidAt: null,
    });
    expect(row?.nextStep).toMatch(/did not pay this refund, so no money reached the customer/);
  });
});

describe("reconciliation queue", () => {
  it("looks up the key and marks paid only what the provider paid; a chat customer is told", async () => {
    const { actionId, conversationId } = await mayaRefund("chat", () => "timeout_after_processing");
    expect((await countWorkQueueItems({ everyWorkspace: true }, reads)).needs_reconciliation).toBe(
      1,
    );
    const lookup = await lookUpReconciliation({ actionId }, context());
    expect(lookup.refund).toMatchObject({ status: "succeeded", amountCents: 4800 });
    const approver = await staff("approver");
    const settled = await settleReconciliation(
      { actionId, staff: approver, resolution: "mark_paid", note: "Seen at the provider" },
      context(),
    );
    expect(settled.status).toBe("executed");
    expect(await prisma.refund.count()).toBe(1);
    expect(await customerMessages(conversationId)).toEqual([
      {
        body: expect.stringMatching(
          /^Your refund of \$48\.00 for order A1043 has gone through to Visa •4242\./,
        ),
      },
    ]);
    const audit = await prisma.auditEvent.findMany({
      where: { conversationId, kind: { in: ["pending_action.executed", "ticket.replied"] } },
      orderBy: { id: "asc" },
    });
    expect(audit.map((event) => [event.kind, event.actorId])).toEqual([
      ["pending_action.executed", approver.id],
      ["ticket.replied", approver.id],
    ]);
    expect((await countWorkQueueItems({ everyWorkspace: true }, reads)).needs_reconciliation).toBe(
      0,
    );
  });

  it("refuses to mark paid what the provider never made, then marks it not paid and emails the customer", async () => {
    const { actionId, conversationId } = await mayaRefund(
      "email",
      () => "timeout_before_processing",
    );
    expect((await lookUpReconciliation({ actionId }, context())).refund).toBeNull();
    const approver = await staff("approver");
    await expect(
      settleReconciliation(
        { actionId, staff: approver, resolution: "mark_paid", note: "x" },
        context(),
      ),
    ).rejects.toThrow(/no completed refund/);
    const settled = await settleReconciliation(
      { actionId, staff: approver, resolution: "mark_not_paid", note: "Nothing at the provider" },
      context(),
    );
    expect(settled.status).toBe("failed");
    expect(await prisma.refund.count()).toBe(0);
    const [message] = await customerMessages(conversationId);
    expect(message?.body).toMatch(/could not complete your refund of \$48\.00/);
    const email = await prisma.outboxEmail.findFirstOrThrow({
      where: { conversationId, bodyText: message?.body ?? "" },
    });
    expect(email.toAddress).toBe("maya@example.com");
  });

  it("retries under the same key: one refund, and the receipt email tells the email customer", async () => {
    const { actionId, conversationId } = await mayaRefund(
      "email",
      () => "timeout_before_processing",
    );
    const settled = await settleReconciliation(
      { actionId, staff: await staff("admin"), resolution: "retry", note: "Provider back up" },
      context(),
    );
    expect(settled).toEqual({ status: "executed", customerMessageId: null });
    expect(await prisma.refund.count()).toBe(1);
    expect(
      await prisma.outboxEmail.count({
        where: { conversationId, subject: "Your refund for order A1043" },
      }),
    ).toBe(1);
  });
});

describe("the needs-a-person queue", () => {
  it("lists flagged conversations with their reason, longest wait first, and drops one a person took over", async () => {
    const waitingLonger = await beginStory(prisma, provider, "too-big");
    const waitingLess = await beginStory(prisma, provider, "small-refund");
    const flag = (conversationId: string, reason: string, now: Date) =>
      prisma.$transaction((tx) =>
        flagForPerson(tx, {
          conversationId,
          flag: { kind: "agent_could_not_reply", reason },
          actor: AGENT_ACTOR,
          now,
        }),
      );
    await flag(waitingLess.conversationId, "The agent had nothing it could send.", new Date());
    await flag(
      waitingLonger.conversationId,
      "The model server refuses requests.",
      new Date(Date.now() - 60_000),
    );

    expect((await countWorkQueueItems({ everyWorkspace: true }, reads)).needs_person).toBe(2);
    const page = await listWorkQueue({ queue: "needs_person", everyWorkspace: true }, reads);
    if (page.queue !== "needs_person") throw new Error("expected the needs-a-person queue");
    expect(
      page.conversations.map(({ id, needsPersonReason }) => ({ id, needsPersonReason })),
    ).toEqual([
      {
        id: waitingLonger.conversationId,
        needsPersonReason: "The model server refuses requests.",
      },
      { id: waitingLess.conversationId, needsPersonReason: "The agent had nothing it could send." },
    ]);
    const inbox = await listInbox({ ...inboxQuerySchema.parse({}), everyWorkspace: true }, reads);
    const row = inbox.conversations.find(({ id }) => id === waitingLess.conversationId);
    expect(row?.needsPersonReason).toBe("The agent had nothing it could send.");
    const thread = await getConversationThread(
      { conversationId: waitingLonger.conversationId, everyWorkspace: true },
      withModel,
    );
    expect(thread.conversation.needsPerson?.reason).toBe("The model server refuses requests.");

    const agent = await staff("agent");
    await takeOverConversation(
      { conversationId: waitingLonger.conversationId, staff: agent },
      withModel,
    );
    expect((await countWorkQueueItems({ everyWorkspace: true }, reads)).needs_person).toBe(1);
    const after = await listWorkQueue({ queue: "needs_person", everyWorkspace: true }, reads);
    if (after.queue !== "needs_person") throw new Error("expected the needs-a-person queue");
    expect(after.conversations.map(({ id }) => id)).toEqual([waitingLess.conversationId]);
    expect(
      (
        await getConversationThread(
          { conversationId: waitingLonger.conversationId, everyWorkspace: true },
          withModel,
        )
      ).conversation.needsPerson,
    ).toBeNull();
  });
});
