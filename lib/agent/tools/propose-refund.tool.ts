import { z } from "zod";
import { shouldAskForPhoto } from "@/lib/domain/attachments";
import { formatMoney } from "@/lib/domain/money";
import { blamesMerchant, type RefundReason, refundReasonSchema } from "@/lib/domain/policy-rules";
import type { ProposeRefundResult } from "@/lib/domain/propose-refund-result";
import { renderQuoteMarkdown } from "@/lib/domain/quote";
import { AppError } from "@/lib/errors/app-error";
import { findCustomerOrder } from "./find-customer-order";
import { reasonDisagreementFeedback } from "./reason-disagreement-feedback";
import { defineTool, type ToolContext, ToolError } from "./tool-types";

export const proposeRefundSchema = z.object({
  orderNumber: z.string().min(1).max(40).describe("The order the lines belong to, e.g. B2001."),
  lineIds: z
    .array(z.string().min(1).max(60))
    .min(1)
    .max(50)
    .describe("The lineId values (from lookup_order) of the items the customer wants refunded."),
  reason: refundReasonSchema.describe(
    "The reason the customer gave in their own words: damaged, wrong_item, not_as_described, too_small, too_large or no_longer_needed. If they gave none, your best reading; the customer sees it on the quote, and one that blames us (damaged, wrong_item, not_as_described) also goes to a staff approver.",
  ),
});

// No amount argument exists: the policy engine computes the quote from the order's own data.
export const proposeRefundTool = defineTool({
  name: "propose_refund",
  description:
    "Prepare a refund quote for some lines of one of the customer's orders. This NEVER refunds anything: the policy engine computes the exact amount and creates a pending action. In chat the system itself shows the customer the quote (table, amount, reason) with Confirm/Decline; you do not restate it. Refused while another quote still waits for the customer's answer, and when the reason is not the one the customer's words give (then ask the customer which reason applies).",
  schema: proposeRefundSchema,
  async execute(args, context) {
    const { conversation } = context;
    const order = await findCustomerOrder(context.db, conversation.customerId, args.orderNumber);
    let result: ProposeRefundResult;
    try {
      result = await context.services.proposeRefund({
        orderId: order.id,
        lineIds: args.lineIds,
        reason: args.reason,
        toolCallId: context.toolCallId,
        now: context.now,
      });
    } catch (error) {
      if (error instanceof AppError) throw new ToolError(error.message);
      throw error;
    }
    switch (result.kind) {
      case "denied":
        throw new ToolError("The refund policy does not allow this refund.", {
          reasons: result.reasons,
        });
      case "reason_refused":
        throw new ToolError(
          reasonDisagreementFeedback(result, (await context.services.getPolicy()).document),
          {
            statedReason: result.statedReason,
            proposedReason: result.proposedReason,
          },
        );
      case "blocked":
        if (!["awaiting_confirmation", "suspended"].includes(result.openStatus)) {
          throw new ToolError(
            `These lines are already in refund ${result.openActionId}, which the customer confirmed and which is ${result.openStatus}. Nothing you propose replaces it; only the customer's explicit request cancels it. Tell the customer where it stands.`,
            { openActionId: result.openActionId, openStatus: result.openStatus },
          );
        }
        throw new ToolError(
          `Quote ${result.openActionId} is ${result.openStatus} and still waits for the customer's answer, so no new quote was made. Do not propose again: ask the customer to confirm or decline the quote shown${result.openStatus === "suspended" ? ', or to say "go ahead" to resume it' : ""}, or to tell you what they want instead.`,
          { openActionId: result.openActionId, openStatus: result.openStatus },
        );
      case "proposed":
        break;
    }
    const { action, refused } = result;
    const shown = action.status === "awaiting_confirmation";
    const askForPhoto = await asksForPhoto(context, action.quote.reason);
    return {
      actionId: action.id,
      status: action.status,
      orderNumber: order.number,
      reason: action.quote.reason,
      reasonStatedByCustomer: result.reasonStatedByCustomer,
      netRefundCents: action.quote.netRefundCents,
      netRefund: formatMoney(action.quote.netRefundCents, action.quote.currency),
      refused,
      needsCustomerConfirmation: action.gates.customerConfirmation,
      needsStaffApproval: action.gates.staffApproval,
      expiresAt: action.expiresAt.toISOString(),
      ...(askForPhoto && {
        askForPhoto: true,
        photoNote:
          "The reason blames us and the customer has sent no photo yet: in your reply, ask once for a photo of the item (chat: the attach button; email: an attachment). The quote does not wait for it.",
      }),
      ...(shown
        ? {
            shownToCustomer: true,
            note: "Nothing has been refunded. The system has already shown the customer this exact quote in a message of its own, with Confirm and Decline. Do not restate the table or any amount beyond it, and do not say it is confirmed, approved or refunded; at most ask the customer to confirm or decline the quote shown.",
          }
        : {
            quoteMarkdown: renderQuoteMarkdown(action.quote),
            note: "Nothing has been refunded. The refund waits for a staff approver; the customer is told the outcome after the decision.",
          }),
    };
  },
});

// Evidence for the approver: a reason that blames us asks for a photo until one arrives.
async function asksForPhoto(context: ToolContext, reason: RefundReason): Promise<boolean> {
  const [policy, photos] = await Promise.all([
    context.services.getPolicy(),
    context.db.attachment.count({
      where: { conversationId: context.conversation.id, storedMime: { startsWith: "image/" } },
    }),
  ]);
  return shouldAskForPhoto({
    merchantFault: blamesMerchant(policy.document, reason),
    conversationHasImage: photos > 0,
  });
}
