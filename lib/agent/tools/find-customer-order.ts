import type { PrismaClient } from "@/lib/generated/prisma/client";
import { ToolError } from "./tool-types";

/** What the model is told when an order number is not the customer's: how to say so. */
export function orderNotFoundError(orderNumber: string): ToolError {
  return new ToolError(
    `No order ${orderNumber} was found for this customer. Tell them with the statement {"kind":"order_not_found","orderNumber":"${orderNumber}"} (it also names the orders that are theirs); never say or guess whether the order exists for anyone else.`,
  );
}

// Resolves an order number inside the verified customer's scope; anything else is "not found".
export async function findCustomerOrder(
  db: PrismaClient,
  customerId: string,
  orderNumber: string,
): Promise<{ id: string; number: string }> {
  const number = orderNumber.trim().toUpperCase();
  const order = await db.order.findFirst({
    where: { number, customerId },
    select: { id: true, number: true },
  });
  if (!order) throw orderNotFoundError(number);
  return order;
}
