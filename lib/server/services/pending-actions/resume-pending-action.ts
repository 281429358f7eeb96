import "server-only";
import type { PendingActionState } from "@/lib/domain/pending-action";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import { type ActionChanges, commitTransition, inActionTransaction } from "./action-transaction";
import {
  type CustomerActionInput,
  customerActionInputSchema,
  customerActor,
  lockCustomerAction,
} from "./customer-action-access";
import { presentQuote } from "./present-quote";
import { pendingActionIdFor } from "./propose-refund";
import { openRequote, quoteSameAskAgain } from "./requote";

/**
 * The customer explicitly asks to continue a suspended quote. Inside its hold (counted from when
 * it was first shown; pausing never extends it) it goes back to `awaiting_confirmation` and is
 * shown again for a fresh "yes". Past its hold, the policy engine quotes the same lines again and
 * the fresh quote, a new action superseding the old one, is shown instead; if policy no longer
 * allows it, the old quote simply expires. Returns the action now awaiting the customer.
 */
export async function resumePendingAction(
  input: CustomerActionInput,
  context: Pick<UseCaseContext, "db" | "now">,
): Promise<PendingActionState> {
  const request = customerActionInputSchema.parse(input);
  const { db } = context;
  const now = context.now();
  return inActionTransaction(db, async (tx, changes) => {
    const current = await lockCustomerAction(tx, request);
    if (current.status === "suspended" && now.getTime() >= current.expiresAt.getTime()) {
      return requote(tx, changes, current, now);
    }
    const resumed = await commitTransition(
      tx,
      changes,
      current,
      { type: "resumed" },
      { now, actor: customerActor(request.customerId) },
    );
    await presentQuote(tx, changes, resumed, { now, runId: null, again: true });
    return resumed;
  });
}

async function requote(
  tx: Prisma.TransactionClient,
  changes: ActionChanges,
  stale: PendingActionState,
  now: Date,
): Promise<PendingActionState> {
  const decision = await quoteSameAskAgain(tx, stale, now);
  if (!decision || decision.kind === "deny") {
    return commitTransition(
      tx,
      changes,
      stale,
      { type: "expired" },
      { now, actor: { type: "system" } },
    );
  }
  const fresh = pendingActionIdFor();
  await commitTransition(
    tx,
    changes,
    stale,
    { type: "superseded", byActionId: fresh },
    { now, actor: { type: "system" } },
    { updateConversation: false },
  );
  return openRequote(tx, changes, stale, decision, { id: fresh, now });
}
