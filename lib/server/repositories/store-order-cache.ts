import "server-only";
import type { OrderSource, Prisma } from "@/lib/generated/prisma/client";
import type { StoreOrder, StoreRefund } from "@/lib/integrations/commerce/commerce-provider";
import { pendingActionOfNote } from "@/lib/integrations/commerce/own-refund-note";

/*
 * Countersign's copy of a store's order. The orders, order_lines and customers tables are the
 * read-through cache: the policy engine reads them (order-facts-repository.ts) exactly as it reads
 * the seeded demo orders, and every store read, webhook, pushed order and CSV row lands here
 * through writeStoreOrder. Refunds the store reports that Countersign did not make (its admin,
 * another app) are counted on the lines as `refunded_in_store_quantity`; Countersign's own refunds
 * are already in the refunds ledger and are recognised by their provider id or their note
 * (`countersign:<pending action id>`), so no unit is counted twice.
 */

export type StoreOrderSource = Exclude<OrderSource, "local">;

export type WriteStoreOrderInput = {
  workspaceId: string;
  /** The connection it was read from (Shopify); null for pushed and imported orders. */
  connectionId: string | null;
  source: StoreOrderSource;
  order: StoreOrder;
  /** When the store was read. */
  checkedAt: Date;
};

export type WrittenStoreOrder = {
  orderId: string;
  customerId: string;
  created: boolean;
  /** False when the store's version is the one already kept (only the read time moved). */
  changed: boolean;
};

/** Writes one store order into the cache. Run inside the caller's transaction. */
export async function writeStoreOrder(
  tx: Prisma.TransactionClient,
  input: WriteStoreOrderInput,
): Promise<WrittenStoreOrder> {
  const { workspaceId, source, order, checkedAt } = input;
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`store-order:${workspaceId}:${source}:${order.externalId}`}, 0))`;

  const customerId = await findOrCreateStoreCustomer(tx, workspaceId, order);
  const existing = await tx.order.findUnique({
    where: {
      workspaceId_source_externalId: { workspaceId, source, externalId: order.externalId },
    },
    select: { id: true, storeVersion: true },
  });
  const fields = {
    number: order.number,
    customerId,
    currency: order.currency,
    placedAt: order.placedAt,
    deliveredAt: order.deliveredAt,
    shippingCents: order.shippingCents,
    paymentMethodLabel: order.paymentMethodLabel,
    paymentReference: order.paymentReference,
    connectionId: input.connectionId,
    storeVersion: order.version,
    storeCheckedAt: checkedAt,
  };
  const orderId = existing
    ? (await tx.order.update({ where: { id: existing.id }, data: fields, select: { id: true } })).id
    : (
        await tx.order.create({
          data: { ...fields, workspaceId, source, externalId: order.externalId },
          select: { id: true },
        })
      ).id;

  const storeRefunded = await refundsMadeInStore(tx, orderId, order.refunds);
  await writeLines(tx, orderId, order, storeRefunded.lines, checkedAt);
  await tx.order.update({
    where: { id: orderId },
    data: { shippingRefundedInStore: storeRefunded.shipping },
  });

  return {
    orderId,
    customerId,
    created: existing === null,
    changed: existing === null || existing.storeVersion !== order.version,
  };
}

async function findOrCreateStoreCustomer(
  tx: Prisma.TransactionClient,
  workspaceId: string,
  order: StoreOrder,
): Promise<string> {
  const email = order.customer.email.trim().toLowerCase();
  const inWorkspace = await tx.customer.findFirst({
    where: { workspaceId, email },
    select: { id: true, externalId: true, contactOnly: true },
  });
  if (inWorkspace) {
    // Someone who only ever emailed this workspace, before the store knew them: the store's
    // order makes them its customer.
    const externalIdMoved =
      order.customer.externalId !== null && inWorkspace.externalId !== order.customer.externalId;
    if (externalIdMoved || inWorkspace.contactOnly) {
      await tx.customer.update({
        where: { id: inWorkspace.id },
        data: {
          contactOnly: false,
          ...(externalIdMoved && { externalId: order.customer.externalId }),
        },
      });
    }
    return inWorkspace.id;
  }
  const created = await tx.customer.create({
    data: { workspaceId, email, name: order.customer.name, externalId: order.customer.externalId },
    select: { id: true },
  });
  return created.id;
}

/** Units (per store line id) and shipping refunded by refunds Countersign did not make. */
async function refundsMadeInStore(
  tx: Prisma.TransactionClient,
  orderId: string,
  refunds: StoreRefund[],
): Promise<{ lines: Map<string, number>; shipping: boolean }> {
  const lines = new Map<string, number>();
  let shipping = false;
  if (refunds.length === 0) return { lines, shipping };
  const ours = await tx.refund.findMany({
    where: { orderId },
    select: { providerRefundId: true, pendingActionId: true },
  });
  const ourRefundIds = new Set(ours.map((refund) => refund.providerRefundId));
  const noted = refunds
    .map((refund) => pendingActionOfNote(refund.note))
    .filter((id): id is string => id !== null);
  const ourActionIds = new Set(
    noted.length === 0
      ? []
      : (
          await tx.pendingAction.findMany({
            where: { orderId, id: { in: noted } },
            select: { id: true },
          })
        ).map((action) => action.id),
  );
  for (const refund of refunds) {
    const notedAction = pendingActionOfNote(refund.note);
    const madeByCountersign =
      ourRefundIds.has(refund.externalId) ||
      (notedAction !== null && ourActionIds.has(notedAction));
    if (madeByCountersign) continue;
    for (const line of refund.lines) {
      lines.set(line.lineExternalId, (lines.get(line.lineExternalId) ?? 0) + line.quantity);
    }
    if (refund.shippingCents > 0) shipping = true;
  }
  return { lines, shipping };
}

async function writeLines(
  tx: Prisma.TransactionClient,
  orderId: string,
  order: StoreOrder,
  refundedInStore: Map<string, number>,
  checkedAt: Date,
): Promise<void> {
  const kept = await tx.orderLine.findMany({
    where: { orderId },
    select: { id: true, externalId: true, position: true, quantity: true, removedAt: true },
  });
  const byExternalId = new Map(kept.map((line) => [line.externalId, line] as const));
  let nextPosition = kept.reduce((max, line) => Math.max(max, line.position), 0) + 1;
  const listed = new Set<string>();

  for (const line of order.lines) {
    listed.add(line.externalId);
    const current = byExternalId.get(line.externalId);
    const removed = line.quantity <= 0;
    const fields = {
      sku: line.sku,
      name: line.name,
      category: line.category,
      // A line the store emptied keeps its last quantity for the refunds that name it.
      quantity: removed ? (current?.quantity ?? 1) : line.quantity,
      unitPriceCents: line.unitPriceCents,
      finalSale: line.finalSale,
      opened: line.opened,
      refundedInStoreQuantity: Math.min(
        refundedInStore.get(line.externalId) ?? 0,
        removed ? (current?.quantity ?? 1) : line.quantity,
      ),
      removedAt: removed ? (current?.removedAt ?? checkedAt) : null,
    };
    if (current) {
      await tx.orderLine.update({ where: { id: current.id }, data: fields });
    } else {
      await tx.orderLine.create({
        data: { ...fields, orderId, externalId: line.externalId, position: nextPosition++ },
      });
    }
  }
  const gone = kept
    .filter((line) => line.externalId !== null && !listed.has(line.externalId))
    .filter((line) => line.removedAt === null)
    .map((line) => line.id);
  if (gone.length > 0) {
    await tx.orderLine.updateMany({ where: { id: { in: gone } }, data: { removedAt: checkedAt } });
  }
}
