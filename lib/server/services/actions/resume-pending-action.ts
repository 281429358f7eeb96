import "server-only";
import type { PendingActionState } from "@/lib/domain/pending-action";
import { computeQuoteExpiry } from "@/lib/domain/settings";
import { getSettings } from "@/lib/server/settings/get-settings";
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
 * The customer explicitly asks to continue a suspended quote. It goes back to
 * `awaiting_confirmation` with a fresh hold: the quote is shown again and needs a new "yes".
 */
export async function resumePendingAction(
  input: CustomerActionInput,
  overrides: Partial<ActionDeps> = {},
): Promise<PendingActionState> {
  const request = customerActionInputSchema.parse(input);
  const { db, now } = resolveActionDeps(overrides);
  const settings = await getSettings(db);
  return inActionTransaction(db, async (tx, changes) => {
    const current = await lockCustomerAction(tx, request);
    const expired = await expireIfLapsed(tx, changes, current, now);
    if (expired) return expired;
    return commitTransition(
      tx,
      changes,
      current,
      { type: "resumed", expiresAt: computeQuoteExpiry(now, settings) },
      { now, actor: customerActor(request.customerId) },
    );
  });
}
