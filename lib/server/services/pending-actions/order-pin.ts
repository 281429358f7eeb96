import "server-only";
import type { OrderFacts } from "@/lib/domain/order-facts";
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

/** Records the order as it is now on a new action, in the transaction that opens it. */
export async function pinOrderToAction(
  tx: Prisma.TransactionClient,
  actionId: string,
  orderId: string,
): Promise<void> {
  const order = await tx.order.findUniqueOrThrow({
    where: { id: orderId },
    select: { storeVersion: true },
  });
  const facts = await loadOrderFacts(tx, orderId);
  if (!facts) throw new Error(`Order ${orderId} has no facts to pin`);
  const { lineIds } = await tx.pendingAction.findUniqueOrThrow({
    where: { id: actionId },
    select: { lineIds: true },
  });
  await tx.pendingAction.update({
    where: { id: actionId },
    data: {
      orderVersion: order.storeVersion,
      orderFingerprint: fingerprintOrder(facts, lineIds),
    },
  });
}

/** The action's pinned fingerprint against the order now, read here. */
export async function readOrderPin(
  tx: Prisma.TransactionClient,
  actionId: string,
  orderId: string,
): Promise<OrderPin> {
  const facts = await loadOrderFacts(tx, orderId);
  if (!facts) throw new Error(`Order ${orderId} has no facts to compare`);
  return pinAgainst(tx, actionId, facts);
}

/** The action's pinned fingerprint against facts the caller already read without holds. */
export async function pinAgainst(
  tx: Prisma.TransactionClient,
  actionId: string,
  facts: OrderFacts,
): Promise<OrderPin> {
  const row = await tx.pendingAction.findUniqueOrThrow({
    where: { id: actionId },
    select: { orderFingerprint: true, lineIds: true, order: { select: { source: true } } },
  });
  return {
    pinned: row.orderFingerprint,
    current: fingerprintOrder(facts, row.lineIds),
    fromStore: row.order.source !== "local",
  };
}
