import "server-only";
import type { PendingActionState } from "@/lib/domain/pending-action";
import { computeQuoteExpiry } from "@/lib/domain/settings";
import { getSettings } from "@/lib/server/settings/get-settings";
import { type ActionDeps, resolveActionDeps } from "./action-deps";
import { applyCustomerAnswer, type CustomerActionInput } from "./customer-action-access";

/**
 * The customer explicitly asks to continue a suspended quote. It goes back to
 * `awaiting_confirmation` with a fresh hold: the quote is shown again and needs a new "yes".
 */
export async function resumePendingAction(
  input: CustomerActionInput,
  overrides: Partial<ActionDeps> = {},
): Promise<PendingActionState> {
  const { db, now } = resolveActionDeps(overrides);
  const settings = await getSettings(db);
  return applyCustomerAnswer(
    input,
    { type: "resumed", expiresAt: computeQuoteExpiry(now, settings) },
    { ...overrides, now },
  );
}
