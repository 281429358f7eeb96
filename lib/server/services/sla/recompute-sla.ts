import "server-only";
import { storedDueTimes, type TicketSla, ticketSla } from "@/lib/domain/sla/sla-clock";
import type { SlaSettings } from "@/lib/domain/sla/sla-settings";
import type { Prisma } from "@/lib/generated/prisma/client";
import { getSlaSettings } from "./sla-settings-store";
import { readManyTicketSlaFacts, readTicketSlaFacts } from "./ticket-sla-facts";

function dueColumns(sla: TicketSla) {
  const firstReply = storedDueTimes(sla.firstReply);
  const resolution = storedDueTimes(sla.resolution);
  return {
    firstReplyDueAt: firstReply.dueAt,
    firstReplyWarnAt: firstReply.warnAt,
    resolutionDueAt: resolution.dueAt,
    resolutionWarnAt: resolution.warnAt,
  };
}

/*
 * Writes the due and near-breach times of a ticket's running SLA clocks, which the inbox filters
 * on. Called inside the transaction of every event that moves them: a customer message, a status
 * change, a pause or resume. (The first reply clears its own through the messages trigger.)
 */
export async function recomputeSlaDueTimes(
  tx: Prisma.TransactionClient,
  conversationId: string,
  now: Date,
): Promise<TicketSla> {
  const [{ facts }, settings] = await Promise.all([
    readTicketSlaFacts(tx, conversationId),
    getSlaSettings(tx),
  ]);
  const sla = ticketSla(facts, settings, now);
  await tx.conversation.update({ where: { id: conversationId }, data: dueColumns(sla) });
  return sla;
}

/** After the targets or calendar change: every ticket whose clocks were started, recomputed. */
export async function recomputeAllSlaDueTimes(
  tx: Prisma.TransactionClient,
  settings: SlaSettings,
  now: Date,
): Promise<number> {
  const tickets = await readManyTicketSlaFacts(tx, {
    slaStartedAt: { not: null },
    workflowStatus: { not: "solved" },
  });
  for (const ticket of tickets) {
    await tx.conversation.update({
      where: { id: ticket.id },
      data: dueColumns(ticketSla(ticket.facts, settings, now)),
    });
  }
  return tickets.length;
}
