import { beforeAll, describe, expect, it } from "vitest";
import { createOfflineAgent } from "@/lib/agent/model/offline-agent";
import { SUPPORT_SIGNATURE } from "@/lib/agent/tools/send-customer-message.tool";
import { type ClaimFacts, policyClaimFacts } from "@/lib/domain/check-customer-message-claims";
import { renderClaimStatement } from "@/lib/domain/claim-statements";
import { renderingLanguage } from "@/lib/domain/languages";
import { type OrderFacts, orderFactsSchema } from "@/lib/domain/order-facts";
import { inferOrderNumbers } from "@/lib/domain/parse-request";
import { pendingActionStatusSchema } from "@/lib/domain/pending-action-status";
import { POLICY_V1 } from "@/lib/domain/policy-v1";
import { quoteSchema } from "@/lib/domain/quote";
import { loadOrderFacts } from "@/lib/server/repositories/order-facts-repository";
import { getSettings } from "@/lib/server/settings/get-settings";
import { resetAndSeed } from "@/tests/db/test-database";
import { beginStory } from "@/tests/support/story-harness";
import { testDatabaseClient } from "@/tests/support/test-database-hooks";
import { loadClaimFacts } from "./load-claim-facts";

process.env.LOG_LEVEL ??= "silent";

const prisma = testDatabaseClient();
beforeAll(async () => {
  await resetAndSeed(prisma);
  // Actions (one paid, one waiting), refunds with lines, disputes and a rejection-free ledger.
  const small = await beginStory(prisma, createOfflineAgent(), "small-refund");
  await small.say("yes");
  await small.say("Can I return order A1043 too?");
  await beginStory(prisma, createOfflineAgent(), "cracked-on-arrival");
  const dispute = await beginStory(prisma, createOfflineAgent(), "billing-dispute");
  await dispute.say("Also, CH-88310 is wrong.");
});

// The reads as they were, one Prisma query per relation, kept here as the reference.
async function claimFactsTheOldWay(conversation: {
  id: string;
  customerId: string;
  channel: ClaimFacts["channel"];
}): Promise<ClaimFacts> {
  const [actions, orders, charges, refunds, disputes, settings, runs, previous, proposals, asked] =
    await Promise.all([
      prisma.pendingAction.findMany({
        where: { conversationId: conversation.id },
        select: {
          id: true,
          status: true,
          quote: true,
          quoteHash: true,
          needsApproval: true,
          idempotencyKey: true,
          decision: { select: { decision: true, note: true } },
          refund: { select: { status: true, statusReason: true, paidAt: true } },
        },
      }),
      prisma.order.findMany({
        where: { customerId: conversation.customerId },
        include: { lines: { orderBy: { position: "asc" } } },
      }),
      prisma.charge.findMany({ where: { customerId: conversation.customerId } }),
      prisma.refund.findMany({
        where: { customerId: conversation.customerId },
        include: {
          order: { select: { number: true } },
          lines: { include: { orderLine: { select: { name: true } } } },
        },
      }),
      prisma.disputeTicket.findMany({ where: { conversationId: conversation.id } }),
      getSettings(prisma),
      prisma.run.findMany({ where: { conversationId: conversation.id }, select: { id: true } }),
      prisma.message.findFirst({
        where: { conversationId: conversation.id, authorKind: "agent", visibility: "customer" },
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      }),
      prisma.runStep.findMany({
        where: {
          run: { conversationId: conversation.id },
          kind: "tool_result",
          toolName: "propose_refund",
          isError: false,
        },
        orderBy: { createdAt: "asc" },
      }),
      prisma.message.findMany({
        where: { conversationId: conversation.id, authorKind: "customer" },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      }),
    ]);
  const policy = policyClaimFacts(POLICY_V1, settings);
  const { language } = await prisma.conversation.findUniqueOrThrow({
    where: { id: conversation.id },
    select: { language: true },
  });
  return {
    channel: conversation.channel,
    languageCode: language,
    language: renderingLanguage({ code: language, source: null }),
    actions: actions.map((action) => ({
      id: action.id,
      status: pendingActionStatusSchema.parse(action.status),
      quote: quoteSchema.parse(action.quote),
      needsApproval: action.needsApproval,
      rejectionNote:
        action.decision?.decision === "rejected" ? (action.decision.note ?? null) : null,
      refund: action.refund && {
        state: action.refund.status,
        reason: action.refund.statusReason,
        wasPaid: action.refund.paidAt !== null,
      },
      refusedLines: refusedOf(proposals, action.id),
    })),
    refunds: refunds.map((refund) => ({
      orderNumber: refund.order.number,
      amountCents: refund.amountCents,
      shippingCents: refund.shippingCents,
      currency: refund.currency,
      lines: refund.lines.map((line) => ({
        name: line.orderLine.name,
        amountCents: line.amountCents,
      })),
    })),
    orders: orders.map((order) => ({
      orderNumber: order.number,
      currency: order.currency,
      shippingCents: order.shippingCents,
      placedAt: order.placedAt,
      deliveredAt: order.deliveredAt,
      lines: order.lines.map(({ name, quantity, unitPriceCents }) => ({
        name,
        quantity,
        unitPriceCents,
      })),
    })),
    customerOrderMentions: [
      ...new Set(asked.flatMap((message) => inferOrderNumbers(message.body))),
    ],
    charges: charges.map(({ reference, amountCents, currency }) => ({
      reference,
      amountCents,
      currency,
    })),
    disputes: disputes.map((dispute) => ({
      chargeReferences: dispute.chargeReferences,
      amountCents: dispute.amountCents,
      suppliedAmountCents: dispute.suppliedAmountCents,
      currency: dispute.currency,
      category: dispute.category,
      status: dispute.status,
    })),
    policy: policy.policy,
    verbatim: [
      ...policy.verbatim,
      ...actions.flatMap((action) =>
        action.decision?.decision === "rejected" && action.decision.note
          ? [action.decision.note]
          : [],
      ),
    ],
    // Read from the tool results; the stories check what they render.
    policyRefusals: [],
    disputeRefusals: [],
    previousAgentMessage: previous ? previous.body.replace(`\n\n${SUPPORT_SIGNATURE}`, "") : null,
    internalIds: [
      conversation.id,
      conversation.customerId,
      ...runs.map((run) => run.id),
      ...actions.flatMap((action) => [action.id, action.quoteHash, action.idempotencyKey]),
      ...refunds.flatMap((refund) => [refund.id, refund.providerRefundId, refund.idempotencyKey]),
      ...orders.flatMap((order) => [order.id, ...order.lines.map((line) => line.id)]),
      ...charges.map((charge) => charge.id),
      ...disputes.flatMap((dispute) => [dispute.id, dispute.idempotencyKey]),
    ],
  };
}

function refusedOf(proposals: { toolResult: unknown }[], actionId: string) {
  const result = proposals
    .map((step) => step.toolResult as { actionId?: string; refused?: RefusedLine[] })
    .find((candidate) => candidate.actionId === actionId);
  return (result?.refused ?? []).map(({ message, sectionId }) => ({ message, sectionId }));
}

type RefusedLine = { message: string; sectionId: string };

async function orderFactsTheOldWay(orderId: string, inFlight: boolean): Promise<OrderFacts> {
  const order = await prisma.order.findUniqueOrThrow({
    where: { id: orderId },
    include: { lines: { orderBy: { position: "asc" } } },
  });
  const refundedLines = await prisma.refundLine.groupBy({
    by: ["orderLineId"],
    where: { refund: { orderId, status: "succeeded" } },
    _sum: { quantity: true },
  });
  const refunded = new Map(refundedLines.map((row) => [row.orderLineId, row._sum.quantity ?? 0]));
  let shippingAlreadyRefunded =
    (await prisma.refund.count({
      where: { orderId, status: "succeeded", shippingCents: { gt: 0 } },
    })) > 0;
  if (inFlight) {
    const held = await prisma.pendingAction.findMany({
      where: { orderId, status: { in: ["executing", "needs_reconciliation"] }, refund: null },
      select: { quote: true },
    });
    for (const action of held) {
      const quote = quoteSchema.parse(action.quote);
      for (const line of quote.lines) {
        refunded.set(line.lineId, (refunded.get(line.lineId) ?? 0) + line.quantity);
      }
      if (quote.shippingRefundCents > 0) shippingAlreadyRefunded = true;
    }
  }
  return orderFactsSchema.parse({
    orderId: order.id,
    orderNumber: order.number,
    customerId: order.customerId,
    currency: order.currency,
    deliveredAt: order.deliveredAt,
    shippingCents: order.shippingCents,
    paymentMethodLabel: order.paymentMethodLabel,
    shippingAlreadyRefunded,
    lines: order.lines.map((line) => ({
      lineId: line.id,
      name: line.name,
      category: line.category,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      finalSale: line.finalSale,
      opened: line.opened,
      refundedQuantity: Math.min(refunded.get(line.id) ?? 0, line.quantity),
    })),
  });
}

// The old reads had no order; the new ones do. Lists compare as sets.
function unordered(facts: ClaimFacts) {
  const sorted = <T>(items: readonly T[]) => [...items].map((item) => JSON.stringify(item)).sort();
  return {
    actions: sorted(facts.actions),
    refunds: sorted(facts.refunds),
    orders: sorted(facts.orders),
    charges: sorted(facts.charges),
    disputes: sorted(facts.disputes),
    policy: facts.policy,
    verbatim: sorted(facts.verbatim),
    internalIds: sorted(facts.internalIds),
    channel: facts.channel,
    previousAgentMessage: facts.previousAgentMessage,
  };
}

describe("the supervisor's and the policy engine's facts as one statement each", () => {
  it("loads the same claim facts as one query per relation did, for every conversation", async () => {
    const conversations = await prisma.conversation.findMany();
    expect(conversations.length).toBeGreaterThanOrEqual(3);
    let withActions = 0;
    for (const conversation of conversations) {
      const facts = await loadClaimFacts(prisma, conversation, new Date());
      expect(unordered(facts)).toEqual(unordered(await claimFactsTheOldWay(conversation)));
      if (facts.actions.length > 0 && facts.refunds.length > 0) withActions += 1;
    }
    expect(withActions).toBeGreaterThan(0);
  });

  it("loads the same order facts, with and without payments in flight", async () => {
    await prisma.pendingAction.updateMany({
      where: { status: "awaiting_approval" },
      data: { status: "executing" },
    });
    const orders = await prisma.order.findMany({ select: { id: true } });
    for (const { id } of orders) {
      for (const inFlight of [false, true]) {
        expect(await loadOrderFacts(prisma, id, inFlight ? { inFlight: {} } : {})).toEqual(
          await orderFactsTheOldWay(id, inFlight),
        );
      }
    }
    expect(await loadOrderFacts(prisma, "no-such-order")).toBeNull();
  });
});

describe("each action carries its refund's provider state", () => {
  it("reads the state, the reason and whether it was ever paid, so the status says no more", async () => {
    const refund = await prisma.refund.findFirstOrThrow({
      include: { pendingAction: { include: { conversation: true } } },
    });
    const { conversation } = refund.pendingAction;
    const stateOf = async () => {
      const facts = await loadClaimFacts(prisma, conversation, new Date());
      const action = facts.actions.find((candidate) => candidate.id === refund.pendingActionId);
      const text = renderClaimStatement({ kind: "refund_status", actionId: action?.id }, facts);
      return { refund: action?.refund, text: text.ok ? text.text : text.reason };
    };

    await prisma.refund.update({
      where: { id: refund.id },
      data: { status: "pending", statusReason: "charge_pending", paidAt: null },
    });
    const pending = await stateOf();
    expect(pending.refund).toEqual({ state: "pending", reason: "charge_pending", wasPaid: false });
    expect(pending.text).toContain("has not reached your account yet");
    expect(pending.text).not.toContain("issued");

    await prisma.refund.update({
      where: { id: refund.id },
      data: { status: "failed", statusReason: "expired_or_canceled_card", paidAt: new Date() },
    });
    const failed = await stateOf();
    expect(failed.refund).toEqual({
      state: "failed",
      reason: "expired_or_canceled_card",
      wasPaid: true,
    });
    expect(failed.text).toContain("did not reach you after all — the card has expired");
  });
});
