import "server-only";
import { fingerprintOrder } from "@/lib/domain/order-fingerprint";
import type { OrderPin } from "@/lib/domain/revalidate";
import type { Prisma } from "@/lib/generated/prisma/client";
import { loadOrderFacts } from "@/lib/server/repositories/order-facts-repository";

/*
 * The order a quote is pinned to (lib/domain/order-fingerprint.ts): the store's version and the
 * fingerprint of the order's facts as the store and the ledger say — read without any other
 * action's in-flight hold, so a refund merely under way elsewhere is not a change, while one that
 * happened (in Countersign or in the store's admin) is.
 */

export type OrderNow = {
  /** orders.store_version; null for an order Countersign keeps itself. */
  version: string | null;
  fingerprint: string;
  fromStore: boolean;
};

/** Reads in the caller's transaction. */
export async function readOrderNow(
  tx: Prisma.TransactionClient,
  orderId: string,
): Promise<OrderNow> {
  const order = await tx.order.findUniqueOrThrow({
    where: { id: orderId },
    select: { source: true, storeVersion: true },
  });
  const facts = await loadOrderFacts(tx, orderId);
  if (!facts) throw new Error(`Order ${orderId} has no facts to pin`);
  return {
    version: order.storeVersion,
    fingerprint: fingerprintOrder(facts),
    fromStore: order.source !== "local",
  };
}

/** Records the order as it is now on a new action, in the transaction that opens it. */
export async function pinOrderToAction(
  tx: Prisma.TransactionClient,
  actionId: string,
  orderId: string,
): Promise<void> {
  const now = await readOrderNow(tx, orderId);
  await tx.pendingAction.update({
    where: { id: actionId },
    data: { orderVersion: now.version, orderFingerprint: now.fingerprint },
  });
}

/** The action's pinned fingerprint against the order now. */
export async function readOrderPin(
  tx: Prisma.TransactionClient,
  actionId: string,
  orderId: string,
): Promise<OrderPin> {
  const row = await tx.pendingAction.findUniqueOrThrow({
    where: { id: actionId },
    select: { orderFingerprint: true },
  });
  const now = await readOrderNow(tx, orderId);
  return { pinned: row.orderFingerprint, current: now.fingerprint, fromStore: now.fromStore };
}
