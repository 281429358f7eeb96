import "server-only";
import { db } from "@/lib/server/db";

export async function listInboxConversations(limit: number) {
  return db.conversation.findMany({
    orderBy: [{ lastMessageAt: "desc" }, { id: "desc" }],
    take: limit,
    select: {
      id: true,
      channel: true,
      status: true,
      subject: true,
      amountAtStakeCents: true,
      currency: true,
      lastMessageAt: true,
      customer: { select: { name: true, email: true } },
    },
  });
}

export async function listCustomerOrders(limit: number) {
  return db.order.findMany({
    orderBy: [{ placedAt: "desc" }, { id: "desc" }],
    take: limit,
    select: {
      id: true,
      number: true,
      currency: true,
      deliveredAt: true,
      shippingCents: true,
      customer: { select: { name: true, email: true } },
      lines: {
        orderBy: { position: "asc" },
        select: { id: true, name: true, quantity: true, unitPriceCents: true, finalSale: true },
      },
    },
  });
}
