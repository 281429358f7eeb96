import { z } from "zod";
import { defineTool, ToolError } from "./tool-types";

export const lookupOrderSchema = z.object({
  orderNumber: z
    .string()
    .max(40)
    .optional()
    .describe(
      "The order number, e.g. A1043. Omit it to list every order of the customer (use that when they name an item but not the order).",
    ),
});

const UNKNOWN_SENDER_NOTICE = (address: string) =>
  `No customer account uses ${address}, so no order can be looked up, refunded or changed from this conversation. Tell the customer to write from the email address they ordered with; policy questions can still be answered.`;

export const lookupOrderTool = defineTool({
  name: "lookup_order",
  description:
    "Look up the verified customer's orders: lines (with lineId), prices in cents, delivery date, shipping and payment method. Only this customer's orders are visible.",
  schema: lookupOrderSchema,
  readOnly: true,
  async execute(args, context) {
    const orderNumber = args.orderNumber?.trim().toUpperCase();
    const customer = await context.db.customer.findUnique({
      where: { id: context.conversation.customerId },
      select: { contactOnly: true },
    });
    if (customer?.contactOnly) {
      // A stranger's email: no account, no orders, and nothing they name is looked up.
      return {
        orders: [],
        senderHasAccount: false,
        notice: UNKNOWN_SENDER_NOTICE(context.conversation.customerEmail),
      };
    }
    const orders = await context.db.order.findMany({
      where: {
        customerId: context.conversation.customerId,
        ...(orderNumber && { number: orderNumber }),
      },
      orderBy: { placedAt: "desc" },
      include: {
        lines: { orderBy: { position: "asc" }, include: { refundLines: true } },
      },
    });
    // Another customer's order reads the same as a missing one, so ids can't be probed.
    if (orderNumber && orders.length === 0) {
      throw new ToolError(`No order ${orderNumber} was found for this customer.`);
    }
    return {
      orders: orders.map((order) => ({
        orderNumber: order.number,
        currency: order.currency,
        placedAt: order.placedAt.toISOString(),
        deliveredAt: order.deliveredAt?.toISOString() ?? null,
        shippingCents: order.shippingCents,
        paymentMethod: order.paymentMethodLabel,
        lines: order.lines.map((line) => ({
          lineId: line.id,
          name: line.name,
          category: line.category,
          quantity: line.quantity,
          unitPriceCents: line.unitPriceCents,
          finalSale: line.finalSale,
          opened: line.opened,
          refundedQuantity: line.refundLines.reduce((sum, refund) => sum + refund.quantity, 0),
        })),
      })),
    };
  },
});
