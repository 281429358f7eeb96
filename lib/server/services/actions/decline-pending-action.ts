import "server-only";
import type { PendingActionState } from "@/lib/domain/pending-action";
import type { ActionDeps } from "./action-deps";
import { applyCustomerAnswer, type CustomerActionInput } from "./customer-action-access";

/** The customer says no to the quote (before it executes); the action ends as `declined`. */
export function declinePendingAction(
  input: CustomerActionInput,
  overrides: Partial<ActionDeps> = {},
): Promise<PendingActionState> {
  return applyCustomerAnswer(input, { type: "customer_declined" }, overrides);
}
