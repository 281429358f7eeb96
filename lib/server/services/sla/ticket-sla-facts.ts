import "server-only";
import type { TicketSlaFacts } from "@/lib/domain/sla/sla-clock";
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";

type Reader = PrismaClient | Prisma.TransactionClient;

const CONVERSATION_FACTS = {
  id: true,
  channel: true,
  slaStartedAt: true,
  firstRepliedAt: true,
} as const;

const PAUSE_FACTS = {
  conversationId: true,
  cause: true,
  startedAt: true,
  endedAt: true,
  reason: true,
  pausedById: true,
} as const;

type ConversationRow = Prisma.ConversationGetPayload<{ select: typeof CONVERSATION_FACTS }>;
export type SlaPauseRow = Prisma.SlaPauseGetPayload<{ select: typeof PAUSE_FACTS }>;

function factsOf(conversation: ConversationRow, pauses: readonly SlaPauseRow[]): TicketSlaFacts {
  return {
    channel: conversation.channel,
    firstCustomerMessageAt: conversation.slaStartedAt,
    firstReplyAt: conversation.firstRepliedAt,
    pauses: pauses.map(({ cause, startedAt, endedAt, reason }) => ({
      cause,
      startedAt,
      endedAt,
      reason,
    })),
  };
}

/** What a ticket's SLA is computed from, with its pauses (the open person pause included). */
export async function readTicketSlaFacts(
  db: Reader,
  conversationId: string,
): Promise<{ facts: TicketSlaFacts; pauses: SlaPauseRow[] }> {
  const [conversation, pauses] = await Promise.all([
    db.conversation.findUniqueOrThrow({
      where: { id: conversationId },
      select: CONVERSATION_FACTS,
    }),
    db.slaPause.findMany({
      where: { conversationId },
      orderBy: { startedAt: "asc" },
      select: PAUSE_FACTS,
    }),
  ]);
  return { facts: factsOf(conversation, pauses), pauses };
}

/** The same for many tickets in two statements: for recomputing after a settings change and for Insights. */
export async function readManyTicketSlaFacts(
  db: Reader,
  where: Prisma.ConversationWhereInput,
): Promise<Array<{ id: string; facts: TicketSlaFacts }>> {
  const conversations = await db.conversation.findMany({ where, select: CONVERSATION_FACTS });
  const pauses = await db.slaPause.findMany({
    where: { conversationId: { in: conversations.map((conversation) => conversation.id) } },
    orderBy: { startedAt: "asc" },
    select: PAUSE_FACTS,
  });
  const byConversation = new Map<string, SlaPauseRow[]>();
  for (const pause of pauses) {
    byConversation.set(pause.conversationId, [
      ...(byConversation.get(pause.conversationId) ?? []),
      pause,
    ]);
  }
  return conversations.map((conversation) => ({
    id: conversation.id,
    facts: factsOf(conversation, byConversation.get(conversation.id) ?? []),
  }));
}
