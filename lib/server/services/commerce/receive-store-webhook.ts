import "server-only";
import { AppError } from "@/lib/errors/app-error";
import {
  CommerceProviderError,
  type StoreNotification,
} from "@/lib/integrations/commerce/commerce-provider";
import type { WebhookDelivery } from "@/lib/integrations/payments/payment-provider";
import { writeStoreOrder } from "@/lib/server/repositories/store-order-cache";
import type { UseCaseContext } from "@/lib/server/use-case-context";

/*
 * A store's webhook for one connection (Shopify's `orders/updated`, `refunds/create`, …): it says
 * which order changed, never what the order now is. The order is read again from the store and
 * written into the cache, and only then is the delivery stored by its id, in the same transaction:
 * a delivery whose read failed is answered 503 and not stored, so the store delivers it again; a
 * second delivery of a stored one changes nothing.
 */

export type StoreWebhookResult = {
  eventId: string;
  duplicate: boolean;
  /** What the delivery did: refreshed an order, found it gone from the store, or ignored. */
  outcome: "refreshed" | "order_gone" | "ignored";
};

export async function receiveStoreWebhook(
  input: { connectionId: string } & WebhookDelivery,
  context: Pick<UseCaseContext, "db" | "now" | "commerce">,
): Promise<StoreWebhookResult> {
  const { db } = context;
  const connection = await db.paymentConnection.findUnique({
    where: { id: input.connectionId },
    select: { id: true, workspaceId: true, provider: true },
  });
  if (!connection) throw new AppError("NOT_FOUND", "No store connection with this id");
  // The row was just read, so a failure here is an adapter that cannot be made (undecryptable
  // keys): a 500, logged, and Shopify delivers again once the keys are entered anew.
  const provider = await context.commerce.forConnection(connection.id);
  const notification = await verified(() => provider.parseWebhook(input));
  const seen = await db.paymentWebhookEvent.findUnique({
    where: {
      connectionId_eventId: { connectionId: connection.id, eventId: notification.eventId },
    },
    select: { id: true },
  });
  if (seen) return { eventId: notification.eventId, duplicate: true, outcome: "ignored" };

  const checkedAt = context.now();
  const order = notification.orderExternalId
    ? await readOrReportUnavailable(() => provider.getOrder(notification.orderExternalId ?? ""))
    : null;
  const outcome =
    notification.orderExternalId === null ? "ignored" : order ? "refreshed" : "order_gone";

  return db.$transaction(async (tx) => {
    const [stored] = await tx.paymentWebhookEvent.createManyAndReturn({
      data: [
        {
          connectionId: connection.id,
          eventId: notification.eventId,
          eventType: notification.topic,
          occurredAt: notification.occurredAt,
          receivedAt: checkedAt,
          outcome,
        },
      ],
      skipDuplicates: true,
      select: { id: true },
    });
    if (!stored) return { eventId: notification.eventId, duplicate: true, outcome: "ignored" };
    if (order) {
      await writeStoreOrder(tx, {
        workspaceId: connection.workspaceId,
        connectionId: connection.id,
        source: "shopify",
        order,
        checkedAt,
      });
    }
    await tx.paymentConnection.update({
      where: { id: connection.id },
      data: { lastWebhookAt: checkedAt, lastWebhookType: notification.topic },
    });
    return { eventId: notification.eventId, duplicate: false, outcome };
  });
}

async function verified(parse: () => Promise<StoreNotification>): Promise<StoreNotification> {
  try {
    return await parse();
  } catch (error) {
    if (error instanceof CommerceProviderError && error.code === "SIGNATURE") {
      throw new AppError("UNAUTHENTICATED", error.message);
    }
    throw error;
  }
}

async function readOrReportUnavailable<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof CommerceProviderError) {
      throw new AppError(
        "SERVICE_UNAVAILABLE",
        `The store could not be read (${error.code}): deliver the event again later`,
      );
    }
    throw error;
  }
}
