import "server-only";
import {
  listCustomerOrders,
  listInboxConversations,
} from "@/lib/server/repositories/inbox-repository";

const PAGE_SIZE = 50;

export type InboxConversation = Awaited<ReturnType<typeof listInboxConversations>>[number];

export type InboxOrder = Omit<Awaited<ReturnType<typeof listCustomerOrders>>[number], "lines"> & {
  lines: { id: string; name: string; quantity: number; finalSale: boolean }[];
  totalCents: number;
};

export type InboxOverview = { conversations: InboxConversation[]; orders: InboxOrder[] };

/**
 * The first page of the inbox. Until any customer has written in, it also lists the orders the
 * agent can act on, so a fresh install shows its data instead of an empty screen.
 */
export async function getInboxOverview(): Promise<InboxOverview> {
  const conversations = await listInboxConversations(PAGE_SIZE);
  if (conversations.length > 0) return { conversations, orders: [] };

  const orders = await listCustomerOrders(PAGE_SIZE);
  return {
    conversations,
    orders: orders.map(({ lines, ...order }) => ({
      ...order,
      lines: lines.map(({ id, name, quantity, finalSale }) => ({ id, name, quantity, finalSale })),
      totalCents:
        order.shippingCents +
        lines.reduce((sum, line) => sum + line.quantity * line.unitPriceCents, 0),
    })),
  };
}
