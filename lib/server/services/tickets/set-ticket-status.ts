import "server-only";
import { z } from "zod";
import { ticketStatusSchema } from "@/lib/domain/ticket-status";
import type { Prisma, TicketStatus } from "@/lib/generated/prisma/client";
import { type AuditRecord, appendAuditEvents } from "@/lib/server/audit/append-audit-events";
import { publishRealtime } from "@/lib/server/realtime/publish";
import { lockTicket, resolveTicketDeps, staffActorOf, type TicketWorkDeps } from "./ticket-work";

export const setTicketStatusSchema = z.object({ status: ticketStatusSchema });

/** open → pending (waiting on the customer) → solved, or back, as the person handling it says. */
export async function setTicketStatus(
  input: {
    conversationId: string;
    staff: { id: string; role: "agent" | "approver" | "admin" };
    status: TicketStatus;
  },
  deps: TicketWorkDeps = {},
): Promise<{ status: TicketStatus }> {
  const { db, now } = resolveTicketDeps(deps);
  return db.$transaction(async (tx) => {
    const ticket = await lockTicket(tx, input.conversationId);
    if (ticket.ticketStatus === input.status) return { status: input.status };
    await moveTicketStatus(tx, ticket.id, ticket.ticketStatus, input.status, {
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
export async function reopenTicketOnCustomerReply(
  tx: Prisma.TransactionClient,
  conversationId: string,
  now: Date,
): Promise<void> {
  const ticket = await lockTicket(tx, conversationId);
  if (ticket.ticketStatus === "open") return;
  await moveTicketStatus(tx, conversationId, ticket.ticketStatus, "open", {
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
export async function solveTicketOnResolution(
  tx: Prisma.TransactionClient,
  conversationId: string,
  context: { actor: AuditRecord["actor"]; now: Date },
): Promise<void> {
  const ticket = await lockTicket(tx, conversationId);
  if (ticket.ticketStatus === "solved") return;
  await moveTicketStatus(tx, conversationId, ticket.ticketStatus, "solved", {
    ...context,
    cause: "resolved",
  });
}

async function moveTicketStatus(
  tx: Prisma.TransactionClient,
  conversationId: string,
  from: TicketStatus,
  to: TicketStatus,
  context: {
    actor: AuditRecord["actor"];
    cause: "staff" | "customer_reply" | "resolved";
    now: Date;
  },
): Promise<void> {
  await tx.conversation.update({ where: { id: conversationId }, data: { ticketStatus: to } });
  await publishRealtime(tx, {
    topic: "ticket.changed",
    conversationId,
    payload: { ticketStatus: to },
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
