import "server-only";
import type { InsightConversation, InsightPeriod, InsightRows } from "@/lib/domain/insights";
import type { PrismaClient } from "@/lib/generated/prisma/client";

/*
 * The rows behind /insights for one period, each kind by its own moment: conversations by when
 * they started, decisions, refunds, disputes, tool results and refused transitions by when they
 * happened. Tool results live in run steps, which retention prunes; a period older than the
 * run-step retention shows fewer of those.
 */
export async function loadInsightRows(
  db: PrismaClient,
  period: InsightPeriod,
): Promise<InsightRows> {
  const within = { gte: period.from, lt: period.to };
  const [conversations, decisions, refunds, disputes, toolResults, refusedTransitions] =
    await Promise.all([
      loadConversations(db, within),
      db.approvalDecision.findMany({
        where: { createdAt: within },
        select: {
          decision: true,
          createdAt: true,
          pendingAction: { select: { conversationId: true, confirmedAt: true, createdAt: true } },
        },
      }),
      db.refund.findMany({
        where: { createdAt: within },
        select: {
          amountCents: true,
          currency: true,
          status: true,
          statusReason: true,
          paidAt: true,
          createdAt: true,
          pendingAction: {
            select: {
              conversationId: true,
              reason: true,
              conversation: { select: { createdAt: true } },
            },
          },
        },
      }),
      db.disputeTicket.findMany({
        where: { createdAt: within },
        select: {
          conversationId: true,
          category: true,
          impact: true,
          amountCents: true,
          suppliedAmountCents: true,
        },
      }),
      db.runStep.findMany({
        where: { kind: "tool_result", createdAt: within },
        select: {
          toolName: true,
          isError: true,
          toolResult: true,
          run: { select: { conversationId: true } },
        },
      }),
      db.auditEvent.findMany({
        where: { kind: "pending_action.transition_refused", createdAt: within },
        select: { conversationId: true },
      }),
    ]);
  return {
    conversations,
    decisions: decisions.map((row) => ({
      conversationId: row.pendingAction.conversationId,
      decision: row.decision,
      decidedAt: row.createdAt,
      confirmedAt: row.pendingAction.confirmedAt,
      actionCreatedAt: row.pendingAction.createdAt,
    })),
    refunds: refunds.map((row) => ({
      conversationId: row.pendingAction.conversationId,
      reason: row.pendingAction.reason,
      amountCents: row.amountCents,
      currency: row.currency,
      status: row.status,
      providerReason: row.statusReason,
      createdAt: row.createdAt,
      paidAt: row.paidAt,
      conversationStartedAt: row.pendingAction.conversation.createdAt,
    })),
    disputes,
    toolResults: toolResults.map((row) => ({
      conversationId: row.run.conversationId,
      toolName: row.toolName ?? "",
      isError: row.isError,
      result: row.toolResult,
    })),
    refusedTransitions,
  };
}

async function loadConversations(
  db: PrismaClient,
  within: { gte: Date; lt: Date },
): Promise<InsightConversation[]> {
  const rows = await db.conversation.findMany({
    where: { createdAt: within },
    select: {
      id: true,
      channel: true,
      status: true,
      workflowStatus: true,
      messages: {
        where: { authorKind: { in: ["customer", "agent", "staff"] } },
        select: { authorKind: true, visibility: true, createdAt: true },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      },
    },
  });
  const ids = rows.map((row) => row.id);
  const [usage, takenOver] = await Promise.all([
    db.run.groupBy({
      by: ["conversationId"],
      where: { conversationId: { in: ids } },
      _sum: { inputTokens: true, outputTokens: true, costMicroUsd: true },
    }),
    db.auditEvent.findMany({
      where: { kind: "ticket.taken_over", conversationId: { in: ids } },
      select: { conversationId: true },
      distinct: ["conversationId"],
    }),
  ]);
  const usageOf = new Map(usage.map((row) => [row.conversationId, row._sum]));
  const takenOverIds = new Set(takenOver.map((row) => row.conversationId));
  return rows.map((row) => {
    const firstCustomer = row.messages.find((message) => message.authorKind === "customer");
    const firstReply = firstCustomer
      ? row.messages.find(
          (message) =>
            message.authorKind !== "customer" &&
            message.visibility === "customer" &&
            message.createdAt.getTime() >= firstCustomer.createdAt.getTime(),
        )
      : undefined;
    const sums = usageOf.get(row.id);
    return {
      id: row.id,
      channel: row.channel,
      status: row.status,
      closed: row.status === "resolved" || row.workflowStatus === "solved",
      handledByPerson:
        takenOverIds.has(row.id) ||
        row.messages.some(
          (message) => message.authorKind === "staff" && message.visibility === "customer",
        ),
      firstCustomerMessageAt: firstCustomer?.createdAt ?? null,
      firstReplyAt: firstReply?.createdAt ?? null,
      inputTokens: sums?.inputTokens ?? 0,
      outputTokens: sums?.outputTokens ?? 0,
      costMicroUsd: sums?.costMicroUsd ?? 0,
    };
  });
}
