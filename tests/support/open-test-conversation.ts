import type { PrismaClient } from "@/lib/generated/prisma/client";

export type TestConversation = {
  conversationId: string;
  customerId: string;
  orderId: string;
  sessionId: string;
};

/**
 * A seeded customer's conversation about one of their orders, with a live customer session seen
 * at `seenAt`: the world a pending-action test starts from without the agent.
 */
export async function openTestConversation(
  db: PrismaClient,
  target: { email: string; orderNumber: string; channel: "chat" | "email"; seenAt: Date },
): Promise<TestConversation> {
  const customer = await db.customer.findFirstOrThrow({ where: { email: target.email } });
  const order = await db.order.findFirstOrThrow({ where: { number: target.orderNumber } });
  const conversation = await db.conversation.create({
    data: {
      channel: target.channel,
      customerId: customer.id,
      orderId: order.id,
      subject: `Order ${target.orderNumber}`,
    },
  });
  const session = await db.customerSession.create({
    data: {
      customerId: customer.id,
      conversationId: conversation.id,
      tokenHash: `token-${conversation.id}`,
      lastSeenAt: target.seenAt,
    },
  });
  return {
    conversationId: conversation.id,
    customerId: customer.id,
    orderId: order.id,
    sessionId: session.id,
  };
}
