import { z } from "zod";
import { type OrderFacts, orderFactsSchema } from "./order-facts";

/*
 * The order facts a quote was made on, as a pending action stores them (JSON: the delivery date
 * as an ISO string), so a dry run can replay the request against the order as it was.
 */

export type StoredOrderFacts = Omit<OrderFacts, "deliveredAt"> & { deliveredAt: string | null };

export function toStoredOrderFacts(order: OrderFacts): StoredOrderFacts {
  return { ...order, deliveredAt: order.deliveredAt?.toISOString() ?? null };
}

const storedOrderFactsSchema = z
  .looseObject({ deliveredAt: z.iso.datetime({ offset: true }).nullable() })
  .transform(({ deliveredAt, ...rest }) => ({
    ...rest,
    deliveredAt: deliveredAt === null ? null : new Date(deliveredAt),
  }))
  .pipe(orderFactsSchema);

/** The stored facts, checked again; null when the row is not facts this build can read. */
export function parseStoredOrderFacts(stored: unknown): OrderFacts | null {
  const parsed = storedOrderFactsSchema.safeParse(stored);
  return parsed.success ? parsed.data : null;
}
