import type { PrismaClient } from "@/lib/generated/prisma/client";
import { ToolError } from "./tool-types";

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
  if (!order) throw new ToolError(`No order ${number} was found for this customer.`);
  return order;
}
