import "server-only";
import type { PendingActionState } from "@/lib/domain/pending-action";
import { AppError } from "@/lib/errors/app-error";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import { applyCustomerAnswer, type CustomerActionInput } from "./customer-action-access";
import { findLatestPresentation } from "./find-latest-presentation";
import { presentCurrentQuoteAgain } from "./present-current-quote";

/**
 * The customer says no to the quote they were shown (before confirming it); the action ends as
 * `declined`. A confirmed refund is not declined in passing: see cancelConfirmedRefund.
 * `seenPresentationId`: a typed no binds to the quote message on screen when it was sent, as a
 * typed yes does; a button press names the action itself.
 */
export async function declinePendingAction(
  { seenPresentationId, ...input }: CustomerActionInput & { seenPresentationId?: string | null },
  context: Pick<UseCaseContext, "db" | "now">,
): Promise<PendingActionState> {
  const latest = await findLatestPresentation(context.db, input.conversationId);
  const seen = seenPresentationId === undefined || seenPresentationId === latest?.messageId;
  if (latest?.actionId !== input.actionId || !seen) {
    await presentCurrentQuoteAgain({ conversationId: input.conversationId }, context);
    throw new AppError("CONFLICT", "This is not the quote most recently shown to the customer", {
      extensions: { reason: "NOT_PRESENTED" },
    });
  }
  return applyCustomerAnswer({ ...input, event: { type: "customer_declined" } }, context);
}
