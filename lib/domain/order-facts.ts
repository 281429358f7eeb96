import { z } from "zod";
import { DomainError } from "./errors";
import { centsSchema, currencySchema } from "./money";

/**
 * What the policy engine needs to know about one order, read by the server from the database.
 * `refundedQuantity` counts units already refunded on the line, so partially refunded lines
 * keep their remaining units refundable.
 */
export const orderLineFactsSchema = z
  .object({
    lineId: z.string().min(1),
    name: z.string().min(1),
    category: z.string().min(1),
    quantity: z.int().min(1),
    unitPriceCents: centsSchema,
    finalSale: z.boolean(),
    opened: z.boolean(),
    refundedQuantity: z.int().min(0),
  })
  .refine((line) => line.refundedQuantity <= line.quantity, {
    message: "refundedQuantity cannot exceed quantity",
    path: ["refundedQuantity"],
  });

export const orderFactsSchema = z
  .object({
    orderId: z.string().min(1),
    orderNumber: z.string().min(1),
    customerId: z.string().min(1),
    currency: currencySchema,
    deliveredAt: z.date().nullable(),
    shippingCents: centsSchema,
    paymentMethodLabel: z.string().min(1),
    lines: z.array(orderLineFactsSchema),
    shippingAlreadyRefunded: z.boolean(),
  })
  .refine((order) => new Set(order.lines.map((line) => line.lineId)).size === order.lines.length, {
    message: "lineIds must be unique within an order",
    path: ["lines"],
  });

export type OrderLineFacts = z.infer<typeof orderLineFactsSchema>;
export type OrderFacts = z.infer<typeof orderFactsSchema>;

export const channelSchema = z.enum(["chat", "email"]);
export type Channel = z.infer<typeof channelSchema>;

/** Rejects malformed facts loudly: a wrong amount here would become a wrong refund. */
export function assertOrderFacts(order: OrderFacts): void {
  const result = orderFactsSchema.safeParse(order);
  if (!result.success) {
    throw new DomainError("INVALID_ORDER_FACTS", "Order facts are malformed", result.error.issues);
  }
}

export function remainingQuantity(line: OrderLineFacts): number {
  return line.quantity - line.refundedQuantity;
}
