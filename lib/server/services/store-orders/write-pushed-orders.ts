import "server-only";
import { type PushedOrder, toPushedStoreOrder } from "@/lib/domain/pushed-order";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { StoreOrder } from "@/lib/integrations/commerce/commerce-provider";
import {
  type StoreOrderSource,
  type WrittenStoreOrder,
  writeStoreOrder,
} from "@/lib/server/repositories/store-order-cache";

export type PushedOrderSource = Extract<StoreOrderSource, "orders_api" | "csv_import">;

/** Why one pushed order cannot be kept in this workspace, and which of its fields says so. */
export type PushedOrderConflict = {
  number: string;
  field: "number" | "customer.email";
  message: string;
};

export type WrittenPushedOrder = WrittenStoreOrder & { number: string; version: string };

const SOURCE_WORDS: Record<string, string> = {
  local: "Countersign's own order data",
  shopify: "the connected Shopify store",
  orders_api: "the orders API",
  csv_import: "a CSV import",
};

/**
 * Takes the pushed numbers' locks for the rest of the transaction (in one order, so two imports
 * sharing numbers cannot deadlock), then finds what would make writing them wrong: the number
 * already kept here from another source (an order comes through one door, or two copies would
 * answer the same number), or the customer's email held by another shop's customer (a customer's
 * email is still one account across workspaces).
 */
export async function lockAndFindConflicts(
  tx: Prisma.TransactionClient,
  input: { workspaceId: string; source: PushedOrderSource; orders: readonly PushedOrder[] },
): Promise<PushedOrderConflict[]> {
  const { workspaceId, source } = input;
  const numbers = input.orders.map((order) => order.number);
  const lockKeys = [...new Set(numbers.map((number) => `pushed-order:${workspaceId}:${number}`))];
  await tx.$executeRaw`
    SELECT pg_advisory_xact_lock(hashtextextended(k, 0))
      FROM (SELECT unnest(${lockKeys}::text[]) AS k ORDER BY 1) AS keys`;

  const kept = await tx.$queryRaw<{ number: string; source: string }[]>`
    SELECT o.number, o.source::text AS source
      FROM orders AS o JOIN customers AS c ON c.id = o.customer_id
     WHERE o.number = ANY(${numbers}::text[])
       AND (o.workspace_id = ${workspaceId} OR c.workspace_id = ${workspaceId})
       AND NOT (o.workspace_id = ${workspaceId} AND o.source::text = ${source}
                AND o.external_id = o.number)`;
  const emails = [...new Set(input.orders.map((order) => order.customer.email))];
  const taken = await tx.$queryRaw<{ email: string }[]>`
    SELECT email FROM customers
     WHERE email = ANY(${emails}::text[])
       AND workspace_id IS DISTINCT FROM ${workspaceId}
       AND NOT (workspace_id IS NULL AND contact_only)`;
  const takenEmails = new Set(taken.map((row) => row.email));
  const keptFrom = new Map(kept.map((row) => [row.number, row.source]));

  const conflicts: PushedOrderConflict[] = [];
  for (const order of input.orders) {
    const keptSource = keptFrom.get(order.number);
    if (keptSource !== undefined) {
      conflicts.push({
        number: order.number,
        field: "number",
        message: `order ${order.number} is already kept in this workspace from ${SOURCE_WORDS[keptSource] ?? keptSource}; an order keeps coming through the way it first came`,
      });
    }
    if (takenEmails.has(order.customer.email)) {
      conflicts.push({
        number: order.number,
        field: "customer.email",
        message:
          "belongs to a customer of another shop in Countersign; one email is one customer across shops for now, so this order cannot be kept here",
      });
    }
  }
  return conflicts;
}

/** Writes validated, conflict-free pushed orders into the store-order cache, in the caller's transaction. */
export async function writePushedOrders(
  tx: Prisma.TransactionClient,
  input: {
    workspaceId: string;
    source: PushedOrderSource;
    orders: readonly PushedOrder[];
    checkedAt: Date;
  },
): Promise<WrittenPushedOrder[]> {
  const written: WrittenPushedOrder[] = [];
  for (const pushed of input.orders) {
    const order: StoreOrder = toPushedStoreOrder(pushed);
    const result = await writeStoreOrder(tx, {
      workspaceId: input.workspaceId,
      connectionId: null,
      source: input.source,
      order,
      checkedAt: input.checkedAt,
    });
    written.push({ ...result, number: order.number, version: order.version });
  }
  return written;
}
