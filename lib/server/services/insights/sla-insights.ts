import "server-only";
import type { InsightPeriod } from "@/lib/domain/insights";
import { type SlaClock, ticketSla } from "@/lib/domain/sla/sla-clock";
import { Prisma } from "@/lib/generated/prisma/client";
import { slaAlertCondition } from "@/lib/server/services/sla/sla-inbox-conditions";
import { getSlaSettings } from "@/lib/server/services/sla/sla-settings-store";
import { readManyTicketSlaFacts } from "@/lib/server/services/sla/ticket-sla-facts";
import type { UseCaseContext } from "@/lib/server/use-case-context";

export type SlaOutcomeCounts = { met: number; breached: number; running: number };

export type SlaInsights = {
  /** Tickets whose clocks started in the period: how each clock ended, or runs still. */
  firstReply: SlaOutcomeCounts;
  resolution: SlaOutcomeCounts;
  /** Every ticket now, whatever the period. */
  now: { breachingSoon: number; breached: number };
};

function tally(counts: SlaOutcomeCounts, clock: SlaClock): void {
  if (clock.state === "off") return;
  if (clock.state === "met") counts.met++;
  else if (clock.state === "breached") counts.breached++;
  else counts.running++;
}

/*
 * The SLA section of Insights: first reply and resolution met or breached for the tickets the
 * customer opened in the period (computed from the stored facts with the settings in force),
 * and how many tickets are breaching soon or breached now.
 */
export async function getSlaInsights(
  period: InsightPeriod,
  context: Pick<UseCaseContext, "db" | "now">,
): Promise<SlaInsights> {
  const { db } = context;
  const now = context.now();
  const [tickets, settings, [alerts]] = await Promise.all([
    readManyTicketSlaFacts(db, { slaStartedAt: { gte: period.from, lt: period.to } }),
    getSlaSettings(db),
    db.$queryRaw<{ breachingSoon: number; breached: number }[]>(Prisma.sql`
      SELECT count(*) FILTER (WHERE ${slaAlertCondition("breaching_soon", now)})::int AS "breachingSoon",
             count(*) FILTER (WHERE ${slaAlertCondition("breached", now)})::int AS breached
        FROM conversations c
       WHERE c.first_reply_warn_at IS NOT NULL OR c.resolution_warn_at IS NOT NULL`),
  ]);
  const firstReply = { met: 0, breached: 0, running: 0 };
  const resolution = { met: 0, breached: 0, running: 0 };
  for (const ticket of tickets) {
    const sla = ticketSla(ticket.facts, settings, now);
    tally(firstReply, sla.firstReply);
    tally(resolution, sla.resolution);
  }
  return {
    firstReply,
    resolution,
    now: { breachingSoon: alerts?.breachingSoon ?? 0, breached: alerts?.breached ?? 0 },
  };
}
