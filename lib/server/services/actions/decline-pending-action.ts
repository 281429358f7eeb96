import "server-only";
import type { PendingActionState } from "@/lib/domain/pending-action";
import { AppError } from "@/lib/errors/app-error";
import { type ActionDeps, resolveActionDeps } from "./action-deps";
import { applyCustomerAnswer, type CustomerActionInput } from "./customer-action-access";
import { findLatestPresentation } from "./load-presented-quote";
import { presentCurrentQuoteAgain } from "./present-current-quote";

/**
 * The customer says no to the quote they were shown (before confirming it); the action ends as
 * `declined`. A confirmed refund is not declined in passing: see cancelConfirmedRefund.
 */
export async function declinePendingAction(
  input: CustomerActionInput,
  overrides: Partial<ActionDeps> = {},
): Promise<PendingActionState> {
  const deps = resolveActionDeps(overrides);
  const latest = await findLatestPresentation(deps.db, input.conversationId);
  if (latest?.actionId !== input.actionId) {
    await presentCurrentQuoteAgain(input.conversationId, deps);
    throw new AppError("CONFLICT", "This is not the quote most recently shown to the customer", {
      extensions: { reason: "NOT_PRESENTED" },
    });
  }
  return applyCustomerAnswer(input, { type: "customer_declined" }, deps);
}
