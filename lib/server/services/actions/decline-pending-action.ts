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

/** The customer says no to the quote (before it executes); the action ends as `declined`. */
export async function declinePendingAction(
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
      { type: "customer_declined" },
      {
        now,
        actor: customerActor(request.customerId),
      },
    );
  });
}
