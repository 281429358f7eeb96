import "server-only";
import { type SlaClock, ticketSla } from "@/lib/domain/sla/sla-clock";
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import { getSlaSettings } from "./sla-settings-store";
import { readTicketSlaFacts } from "./ticket-sla-facts";

/** One clock as the ticket page shows it; instants as ISO strings for the browser's timer. */
export type SlaClockView =
  | { state: "off" }
  | {
      state: Exclude<SlaClock["state"], "off">;
      dueAt: string | null;
      warnAt: string | null;
      targetMinutes: number;
      usedMinutes: number;
    };

export type TicketSlaView = {
  firstReply: SlaClockView;
  resolution: SlaClockView;
  pause: { reason: string; since: string; byName: string | null } | null;
  /** When the server computed it: the browser ticks from here. */
  computedAt: string;
};

function clockView(clock: SlaClock): SlaClockView {
  if (clock.state === "off") return { state: "off" };
  return {
    state: clock.state,
    dueAt: clock.dueAt?.toISOString() ?? null,
    warnAt: clock.warnAt?.toISOString() ?? null,
    targetMinutes: clock.targetMinutes,
    usedMinutes: Math.floor(clock.usedMinutes),
  };
}

export async function getTicketSla(
  db: PrismaClient | Prisma.TransactionClient,
  conversationId: string,
  now: Date,
): Promise<TicketSlaView> {
  const [{ facts, pauses }, settings] = await Promise.all([
    readTicketSlaFacts(db, conversationId),
    getSlaSettings(db),
  ]);
  const sla = ticketSla(facts, settings, now);
  const open = pauses.find((pause) => pause.cause === "person" && pause.endedAt === null);
  const by = open?.pausedById
    ? await db.staffUser.findUnique({ where: { id: open.pausedById }, select: { name: true } })
    : null;
  return {
    firstReply: clockView(sla.firstReply),
    resolution: clockView(sla.resolution),
    pause: open
      ? { reason: open.reason ?? "", since: open.startedAt.toISOString(), byName: by?.name ?? null }
      : null,
    computedAt: now.toISOString(),
  };
}
