import "server-only";
import type { PendingActionState } from "@/lib/domain/pending-action";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import { applyCustomerAnswer, type CustomerActionInput } from "./customer-action-access";

/**
 * "Yes, but first…": the customer interrupted a quote with a question. The action waits in
 * `suspended`; only an explicit resume and a fresh confirmation continue it.
 */
export function suspendPendingAction(
  input: CustomerActionInput,
  context: Pick<UseCaseContext, "db" | "now">,
): Promise<PendingActionState> {
  return applyCustomerAnswer({ ...input, event: { type: "interrupted" } }, context);
}
