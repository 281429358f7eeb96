import "server-only";
import type { PendingActionState } from "@/lib/domain/pending-action";
import { AppError } from "@/lib/errors/app-error";
import { type ActionDeps, resolveActionDeps } from "./action-deps";
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
  overrides: Partial<ActionDeps> = {},
): Promise<PendingActionState> {
  const deps = resolveActionDeps(overrides);
  const latest = await findLatestPresentation(deps.db, input.conversationId);
  const seen = seenPresentationId === undefined || seenPresentationId === latest?.messageId;
  if (latest?.actionId !== input.actionId || !seen) {
    await presentCurrentQuoteAgain(input.conversationId, deps);
    throw new AppError("CONFLICT", "This is not the quote most recently shown to the customer", {
      extensions: { reason: "NOT_PRESENTED" },
    });
  }
  return applyCustomerAnswer(input, { type: "customer_declined" }, deps);
}
