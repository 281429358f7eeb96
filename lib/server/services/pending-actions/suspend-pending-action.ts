import "server-only";
import type { PendingActionState } from "@/lib/domain/pending-action";
import type { ActionDeps } from "./action-deps";
import { applyCustomerAnswer, type CustomerActionInput } from "./customer-action-access";

/**
 * "Yes, but first…": the customer interrupted a quote with a question. The action waits in
 * `suspended`; only an explicit resume and a fresh confirmation continue it.
 */
export function suspendPendingAction(
  input: CustomerActionInput,
  overrides: Partial<ActionDeps> = {},
): Promise<PendingActionState> {
  return applyCustomerAnswer(input, { type: "interrupted" }, overrides);
}
