import "server-only";
import { z } from "zod";
import { workflowStatusSchema } from "@/lib/domain/workflow-status";
import type { Prisma, WorkflowStatus } from "@/lib/generated/prisma/client";
import { type AuditRecord, appendAuditEvents } from "@/lib/server/audit/append-audit-events";
import { publishRealtime } from "@/lib/server/realtime/publish";
import { moveSlaWithStatus } from "@/lib/server/services/sla/sla-on-status-move";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import {
  changeTicket,
  lockConversation,
  staffActorOf,
  type TicketStaff,
} from "./conversation-work";

export const setWorkflowStatusSchema = z.object({ status: workflowStatusSchema });

/** open → pending (waiting on the customer) → solved, or back, as the person handling it says. */
export async function setWorkflowStatus(
  input: {
    conversationId: string;
    staff: TicketStaff;
    status: WorkflowStatus;
  },
  context: Pick<UseCaseContext, "db" | "now">,
): Promise<{ status: WorkflowStatus }> {
  const now = context.now();
  return changeTicket(context.db, input, async (tx, ticket) => {
    if (ticket.workflowStatus === input.status) return { status: input.status };
    await moveTicketStatus(tx, ticket.id, ticket.workflowStatus, input.status, {
      actor: staffActorOf(input.staff),
      cause: "staff",
      now,
    });
    return { status: input.status };
  });
}

/*
 * A customer writing again reopens a pending or solved ticket. Called inside the transaction
 * that stores the customer's message, so the message and the reopening commit together.
 */
export async function reopenOnCustomerReply(
  tx: Prisma.TransactionClient,
  conversationId: string,
  now: Date,
): Promise<void> {
  const ticket = await lockConversation(tx, conversationId);
  await reopen(tx, ticket, {
    actor: { type: "customer", customerId: ticket.customerId },
    cause: "customer_reply",
    now,
  });
}

/*
 * The agent resolved the conversation (its refund was paid): the ticket is solved with it, so
 * the inbox never shows a resolved conversation on an open ticket. Called inside the
 * transaction that records the resolution; a customer writing again reopens it as usual.
 */
export async function solveOnResolution(
  tx: Prisma.TransactionClient,
  conversationId: string,
  context: { actor: AuditRecord["actor"]; now: Date },
): Promise<void> {
  const ticket = await lockConversation(tx, conversationId);
  if (ticket.workflowStatus === "solved") return;
  await moveTicketStatus(tx, conversationId, ticket.workflowStatus, "solved", {
    ...context,
    cause: "resolved",
  });
}

/*
 * The payment provider reported a refund failed (possibly after it had paid): the ticket opens
 * again, whatever it was, so a person follows it up from the Failed refunds queue.
 */
export async function reopenOnRefundFailure(
  tx: Prisma.TransactionClient,
  conversationId: string,
  now: Date,
): Promise<void> {
  const ticket = await lockConversation(tx, conversationId);
  await reopen(tx, ticket, { actor: { type: "system" }, cause: "refund_failed", now });
}

async function reopen(
  tx: Prisma.TransactionClient,
  ticket: { id: string; workflowStatus: WorkflowStatus },
  context: MoveContext,
): Promise<void> {
  if (ticket.workflowStatus === "open") return;
  await moveTicketStatus(tx, ticket.id, ticket.workflowStatus, "open", context);
}

type MoveContext = {
  actor: AuditRecord["actor"];
  cause: "staff" | "customer_reply" | "resolved" | "refund_failed";
  now: Date;
};

async function moveTicketStatus(
  tx: Prisma.TransactionClient,
  conversationId: string,
  from: WorkflowStatus,
  to: WorkflowStatus,
  context: MoveContext,
): Promise<void> {
  await tx.conversation.update({ where: { id: conversationId }, data: { workflowStatus: to } });
  await moveSlaWithStatus(tx, conversationId, { from, to, now: context.now });
  await publishRealtime(tx, {
    topic: "ticket.changed",
    conversationId,
    payload: { workflowStatus: to },
  });
  await appendAuditEvents(tx, [
    {
      kind: "ticket.status_changed",
      subjectType: "conversation",
      subjectId: conversationId,
      actor: context.actor,
      occurredAt: context.now,
      payload: { conversationId, from, to, cause: context.cause },
    },
  ]);
}
