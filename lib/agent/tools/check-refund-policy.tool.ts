import { z } from "zod";
import { policyFacts } from "@/lib/domain/policy-facts";
import { orderNotFoundError } from "./find-customer-order";
import { defineTool } from "./tool-types";

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
    const orderNumber = args.orderNumber.trim().toUpperCase();
    // Only this customer's orders: another customer's order reads as missing.
    const [facts, policy] = await Promise.all([
      context.services.loadCustomerOrderFacts(orderNumber),
      context.services.getPolicy(),
    ]);
    if (!facts) throw orderNotFoundError(orderNumber);
    const { orderId: _internal, ...visible } = policyFacts(facts, context.now, policy);
    return visible;
  },
});
