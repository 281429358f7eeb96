import "server-only";
import type { PendingActionState } from "@/lib/domain/pending-action";
import { type ActionDeps, resolveActionDeps } from "./action-deps";
import { commitTransition, inActionTransaction } from "./action-transaction";
import {
  type CustomerActionInput,
  customerActionInputSchema,
  customerActor,
  expireIfLapsed,
  lockCustomerAction,
} from "./customer-action-access";

/**
 * "Yes, but first…": the customer interrupted a quote with a question. The action waits in
 * `suspended`; only an explicit resume and a fresh confirmation continue it.
 */
export async function suspendPendingAction(
  input: CustomerActionInput,
  overrides: Partial<ActionDeps> = {},
): Promise<PendingActionState> {
  const request = customerActionInputSchema.parse(input);
  const { db, now } = resolveActionDeps(overrides);
  return inActionTransaction(db, async (tx, changes) => {
    const current = await lockCustomerAction(tx, request);
    const expired = await expireIfLapsed(tx, changes, current, now);
    if (expired) return expired;
    return commitTransition(
      tx,
      changes,
      current,
      { type: "interrupted" },
      {
        now,
        actor: customerActor(request.customerId),
      },
    );
  });
}
