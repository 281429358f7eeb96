import "server-only";
import { writeStoreOrder } from "@/lib/server/repositories/store-order-cache";
import type { UseCaseContext } from "@/lib/server/use-case-context";

export type StoreOrderRefresh =
  /** Countersign keeps this order itself (seeded, pushed, imported): nothing to read. */
  | { outcome: "kept_here" }
  | { outcome: "refreshed"; changed: boolean }
  /** The store no longer has the order. */
  | { outcome: "gone" };

/**
 * Reads one order again from the store it came from and writes it into the cache. Throws the
 * adapter's CommerceProviderError when the store cannot be read: a caller about to pay must not
 * go on with a copy it could not check.
 */
export async function refreshStoreOrder(
  input: { orderId: string },
  context: Pick<UseCaseContext, "db" | "now" | "commerce">,
): Promise<StoreOrderRefresh> {
  const order = await context.db.order.findUniqueOrThrow({
    where: { id: input.orderId },
    select: { source: true, connectionId: true, externalId: true, workspaceId: true },
  });
  if (
    order.source !== "shopify" ||
    order.connectionId === null ||
    order.externalId === null ||
    order.workspaceId === null
  ) {
    return { outcome: "kept_here" };
  }
  const provider = await context.commerce.forConnection(order.connectionId);
  const checkedAt = context.now();
  const stored = await provider.getOrder(order.externalId);
  if (stored === null) return { outcome: "gone" };
  const { workspaceId, connectionId } = order;
  const written = await context.db.$transaction((tx) =>
    writeStoreOrder(tx, { workspaceId, connectionId, source: "shopify", order: stored, checkedAt }),
  );
  return { outcome: "refreshed", changed: written.changed };
}
