import { z } from "zod";
import { orderNotFoundError } from "./find-customer-order";
import { defineTool } from "./tool-types";

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
    const { contactOnly, orders } = await context.services.listCustomerOrders(orderNumber ?? null);
    if (contactOnly) {
      // A stranger's email: no account, no orders, and nothing they name is looked up.
      return {
        orders: [],
        senderHasAccount: false,
        notice: UNKNOWN_SENDER_NOTICE(context.conversation.customerEmail),
      };
    }
    // Another customer's order reads the same as a missing one, so ids can't be probed.
    if (orderNumber && orders.length === 0) {
      throw orderNotFoundError(orderNumber);
    }
    return { orders };
  },
});
