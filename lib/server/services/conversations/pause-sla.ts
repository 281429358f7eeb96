import "server-only";
import { z } from "zod";
import { AppError } from "@/lib/errors/app-error";
import { appendAuditEvents } from "@/lib/server/audit/append-audit-events";
import { publishRealtime } from "@/lib/server/realtime/publish";
import { recomputeSlaDueTimes } from "@/lib/server/services/sla/recompute-sla";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import { changeTicket, staffActorOf, type TicketStaff } from "./conversation-work";

export const pauseSlaSchema = z.object({
  /** Why the clock stops, for the team and the audit log ("waiting for the carrier"). */
  reason: z.string().trim().min(3, "says why in a few words").max(200),
});

type Context = Pick<UseCaseContext, "db" | "now">;

/*
 * A person stops a ticket's SLA clocks with a reason, and starts them again. Each is an interval
 * in sla_pauses and an audit event, written with the recomputed due times in one transaction.
 */
export async function pauseSla(
  input: { conversationId: string; staff: TicketStaff; reason: string },
  context: Context,
): Promise<{ paused: true }> {
  const now = context.now();
  return changeTicket(context.db, input, async (tx, ticket) => {
    const open = await tx.slaPause.findFirst({
      where: { conversationId: ticket.id, cause: "person", endedAt: null },
    });
    if (open) throw new AppError("CONFLICT", "The SLA of this ticket is already paused.");
    await tx.slaPause.create({
      data: {
        conversationId: ticket.id,
        cause: "person",
        reason: input.reason,
        startedAt: now,
        pausedById: input.staff.id,
      },
    });
    await recomputeSlaDueTimes(tx, ticket.id, now);
    await publishRealtime(tx, {
      topic: "ticket.changed",
      conversationId: ticket.id,
      payload: { slaPaused: true },
    });
    await appendAuditEvents(tx, [
      {
        kind: "sla.paused",
        subjectType: "conversation",
        subjectId: ticket.id,
        actor: staffActorOf(input.staff),
        occurredAt: now,
        payload: { conversationId: ticket.id, reason: input.reason },
      },
    ]);
    return { paused: true as const };
  });
}

export async function resumeSla(
  input: { conversationId: string; staff: TicketStaff },
  context: Context,
): Promise<{ paused: false }> {
  const now = context.now();
  return changeTicket(context.db, input, async (tx, ticket) => {
    const open = await tx.slaPause.findFirst({
      where: { conversationId: ticket.id, cause: "person", endedAt: null },
    });
    if (!open) throw new AppError("CONFLICT", "The SLA of this ticket is not paused.");
    await tx.slaPause.update({
      where: { id: open.id },
      data: { endedAt: now, resumedById: input.staff.id },
    });
    await recomputeSlaDueTimes(tx, ticket.id, now);
    await publishRealtime(tx, {
      topic: "ticket.changed",
      conversationId: ticket.id,
      payload: { slaPaused: false },
    });
    await appendAuditEvents(tx, [
      {
        kind: "sla.resumed",
        subjectType: "conversation",
        subjectId: ticket.id,
        actor: staffActorOf(input.staff),
        occurredAt: now,
        payload: {
          conversationId: ticket.id,
          reason: open.reason ?? "",
          pausedMinutes: Math.max(
            0,
            Math.round((now.getTime() - open.startedAt.getTime()) / 60_000),
          ),
        },
      },
    ]);
    return { paused: false as const };
  });
}
