import "server-only";
import {
  type CommerceProvider,
  CommerceProviderError,
  type StoreOrder,
} from "@/lib/integrations/commerce/commerce-provider";
import { writeStoreOrder } from "@/lib/server/repositories/store-order-cache";
import type { UseCaseContext } from "@/lib/server/use-case-context";

/** How long a customer's orders read from the store answer without asking the store again. */
export const STORE_READ_FRESH_MS = 60_000;

/** How many of a customer's most recent orders are read from the store. */
const RECENT_ORDERS = 20;

export type CustomerOrdersRead =
  /** The workspace has no store: its orders are kept in Countersign. */
  | { outcome: "no_store" }
  /** Read within STORE_READ_FRESH_MS: the copy answers. */
  | { outcome: "fresh" }
  | { outcome: "read"; orders: number }
  /** The store did not answer; the copy (possibly stale) answers, and money still waits for it. */
  | { outcome: "unavailable"; detail: string };

/*
 * The read-through: before a customer's orders are looked at (signing in to the chat with an order
 * number, an email arriving, the agent looking an order up), the workspace's store is asked for
 * them and the copy updated. Reads may answer from a slightly stale copy when the store is down;
 * paying never does (execution re-reads the order, refresh-store-order.ts).
 */
export async function readCustomerOrdersFromStore(
  input: { workspaceId: string | null; email: string; orderNumber?: string },
  context: Pick<UseCaseContext, "db" | "now" | "commerce" | "logger">,
): Promise<CustomerOrdersRead> {
  const store = await context.commerce.forWorkspace(input.workspaceId);
  if (!store || input.workspaceId === null) return { outcome: "no_store" };
  const workspaceId = input.workspaceId;
  const email = input.email.trim().toLowerCase();
  const now = context.now();
  if (input.orderNumber === undefined && (await readRecently(context, workspaceId, email, now))) {
    return { outcome: "fresh" };
  }
  try {
    const orders =
      input.orderNumber === undefined
        ? await store.provider.findOrdersByEmail(email, { limit: RECENT_ORDERS })
        : await orderOfCustomer(store.provider, input.orderNumber, email);
    for (const order of orders) {
      await context.db.$transaction((tx) =>
        writeStoreOrder(tx, {
          workspaceId,
          connectionId: store.connectionId,
          source: "shopify",
          order,
          checkedAt: now,
        }),
      );
    }
    return { outcome: "read", orders: orders.length };
  } catch (error) {
    if (!(error instanceof CommerceProviderError)) throw error;
    context.logger.warn(
      { err: error, workspaceId, connectionId: store.connectionId },
      "store read failed; answering from the copy",
    );
    return { outcome: "unavailable", detail: error.message };
  }
}

/** The order with this number, only if it is this email's: another's is not read at all. */
async function orderOfCustomer(
  provider: CommerceProvider,
  orderNumber: string,
  email: string,
): Promise<StoreOrder[]> {
  const order = await provider.findOrderByNumber(orderNumber);
  return order !== null && order.customer.email.trim().toLowerCase() === email ? [order] : [];
}

async function readRecently(
  context: Pick<UseCaseContext, "db">,
  workspaceId: string,
  email: string,
  now: Date,
): Promise<boolean> {
  const latest = await context.db.order.findFirst({
    where: {
      workspaceId,
      source: "shopify",
      customer: { email },
      storeCheckedAt: { gte: new Date(now.getTime() - STORE_READ_FRESH_MS) },
    },
    select: { id: true },
  });
  return latest !== null;
}
