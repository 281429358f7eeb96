import { z } from "zod";
import { formatMoney } from "@/lib/domain/money";
import { refundReasonSchema } from "@/lib/domain/policy-rules";
import { renderQuoteMarkdown } from "@/lib/domain/quote";
import { AppError } from "@/lib/server/http/app-error";
import { proposeRefund } from "@/lib/server/services/actions/propose-refund";
import { findCustomerOrder } from "./find-customer-order";
import { defineTool, ToolError } from "./tool-types";

export const proposeRefundSchema = z.object({
  orderNumber: z.string().min(1).max(40).describe("The order the lines belong to, e.g. B2001."),
  lineIds: z
    .array(z.string().min(1).max(60))
    .min(1)
    .max(50)
    .describe("The lineId values (from lookup_order) of the items the customer wants refunded."),
  reason: refundReasonSchema.describe(
    "Why the customer is returning them: damaged, wrong_item, not_as_described, too_small, too_large or no_longer_needed.",
  ),
});

// No amount argument exists: the policy engine computes the quote from the order's own data.
export const proposeRefundTool = defineTool({
  name: "propose_refund",
  description:
    "Prepare a refund quote for some lines of one of the customer's orders. This NEVER refunds anything: the policy engine computes the exact amount and creates a pending action that the customer must confirm (chat) and a staff approver may need to approve. Show the customer the returned quoteMarkdown exactly as given.",
  schema: proposeRefundSchema,
  async execute(args, context) {
    const { conversation } = context;
    const order = await findCustomerOrder(context.db, conversation.customerId, args.orderNumber);
    let result: Awaited<ReturnType<typeof proposeRefund>>;
    try {
      result = await proposeRefund(
        {
          conversationId: conversation.id,
          customerId: conversation.customerId,
          orderId: order.id,
          lineIds: args.lineIds,
          reason: args.reason,
          requestedBy: { type: "agent" },
          runId: context.runId,
          toolCallId: context.toolCallId,
        },
        { db: context.db, now: context.now },
      );
    } catch (error) {
      if (error instanceof AppError) throw new ToolError(error.message);
      throw error;
    }
    if (result.kind === "denied") {
      throw new ToolError("The refund policy does not allow this refund.", {
        reasons: result.reasons,
      });
    }
    const { action, refused } = result;
    return {
      actionId: action.id,
      status: action.status,
      orderNumber: order.number,
      netRefundCents: action.quote.netRefundCents,
      netRefund: formatMoney(action.quote.netRefundCents, action.quote.currency),
      quoteMarkdown: renderQuoteMarkdown(action.quote),
      refused,
      needsCustomerConfirmation: action.gates.customerConfirmation,
      needsStaffApproval: action.gates.staffApproval,
      expiresAt: action.expiresAt.toISOString(),
      note: "Nothing has been refunded. The customer must confirm this exact quote; a staff approver signs off when needed.",
    };
  },
});
