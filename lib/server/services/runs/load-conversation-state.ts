import "server-only";
import type { ActionSnapshot, ConversationState } from "@/lib/agent/model/provider";
import { quoteSchema, renderQuoteMarkdown } from "@/lib/domain/quote";
import type { PrismaClient } from "@/lib/generated/prisma/client";

const RECENT_ACTIONS = 5;

export async function loadConversationState(
  db: PrismaClient,
  conversationId: string,
): Promise<ConversationState> {
  const conversation = await db.conversation.findUniqueOrThrow({
    where: { id: conversationId },
    include: {
      customer: true,
      pendingActions: {
        orderBy: [{ updatedAt: "desc" }, { createdAt: "desc" }],
        take: RECENT_ACTIONS,
        include: {
          order: { select: { number: true } },
          decision: { select: { decision: true, note: true, decider: { select: { name: true } } } },
        },
      },
    },
  });
  return {
    conversationId,
    channel: conversation.channel,
    customerName: conversation.customer.name,
    customerEmail: conversation.customer.email,
    actions: conversation.pendingActions.map((action): ActionSnapshot => {
      const quote = quoteSchema.parse(action.quote);
      return {
        id: action.id,
        status: action.status,
        orderNumber: action.order.number,
        lineNames: quote.lines.map((line) => line.name),
        reason: action.reason,
        netRefundCents: action.netRefundCents,
        currency: action.currency,
        needsApproval: action.needsApproval,
        quoteMarkdown: renderQuoteMarkdown(quote),
        updatedAt: action.updatedAt.toISOString(),
        decision: action.decision && {
          kind: action.decision.decision,
          note: action.decision.note,
          deciderName: action.decision.decider.name,
        },
      };
    }),
  };
}
