import "server-only";
import type { PendingActionState } from "@/lib/domain/pending-action";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import { applyCustomerAnswer, type CustomerActionInput } from "./customer-action-access";

/**
 * The customer explicitly asks to cancel a refund they already confirmed, before it starts
 * executing (awaiting approval, or approved). Audited as `pending_action.cancelled` with the
 * message that asked; once execution has started nothing the customer writes can stop it.
 */
export function cancelConfirmedRefund(
  input: CustomerActionInput & { messageId: string | null },
  context: Pick<UseCaseContext, "db" | "now">,
): Promise<PendingActionState> {
  const { messageId, ...target } = input;
  return applyCustomerAnswer(
    { ...target, event: { type: "customer_cancelled", messageId } },
    context,
  );
}
