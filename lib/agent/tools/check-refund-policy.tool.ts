import { z } from "zod";
import { policyFacts } from "@/lib/domain/policy-facts";
import { findCustomerOrder } from "./find-customer-order";
import { defineTool, ToolError } from "./tool-types";

export const checkRefundPolicySchema = z.object({
  orderNumber: z.string().min(1).max(40).describe("The order number to check, e.g. B2001."),
});

export const checkRefundPolicyTool = defineTool({
  name: "check_refund_policy",
  description:
    "Get the refund policy facts for one of the customer's orders, computed by the policy engine: days since delivery, each line's return window and whether it is refundable, the remaining refundable amount in cents, and deny reasons with policy section ids. Use these facts; never compute dates or fees yourself.",
  schema: checkRefundPolicySchema,
  readOnly: true,
  async execute(args, context) {
    const order = await findCustomerOrder(
      context.db,
      context.conversation.customerId,
      args.orderNumber,
    );
    const facts = await context.services.loadOrderFacts(order.id);
    if (!facts) throw new ToolError(`No order ${order.number} was found for this customer.`);
    const { orderId: _internal, ...visible } = policyFacts(facts, context.now);
    return visible;
  },
});
