import { describeRefusedLines } from "@/lib/domain/customer-phrases";
import "server-only";
import type { Actor } from "@/lib/domain/actor";
import { AGENT_REQUESTER } from "@/lib/domain/actor";
import type { PendingActionState } from "@/lib/domain/pending-action";
import { evaluateRefund } from "@/lib/domain/refund-policy";
import type { DomainSettings } from "@/lib/domain/settings";
import type { Prisma } from "@/lib/generated/prisma/client";
import { loadOrderFacts } from "@/lib/server/repositories/order-facts-repository";
import { getSettings } from "@/lib/server/settings/get-settings";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import { type ActionChanges, commitTransition, inActionTransaction } from "./action-transaction";
import {
  type CustomerActionInput,
  customerActionInputSchema,
  customerActor,
  lockCustomerAction,
} from "./customer-action-access";
import { openPendingAction } from "./open-pending-action";
import { presentQuote } from "./present-quote";
import { pendingActionIdFor } from "./propose-refund";

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
  const settings = await getSettings(db);
  return inActionTransaction(db, async (tx, changes) => {
    const current = await lockCustomerAction(tx, request);
    if (current.status === "suspended" && now.getTime() >= current.expiresAt.getTime()) {
      return requote(tx, changes, current, now, settings);
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
  settings: DomainSettings,
): Promise<PendingActionState> {
  const row = await tx.pendingAction.findUniqueOrThrow({
    where: { id: stale.id },
    select: { orderId: true, reasonStatedByCustomer: true, reasonWords: true },
  });
  const order = await loadOrderFacts(tx, row.orderId, { inFlight: {} });
  const decision = order
    ? evaluateRefund({
        order,
        selectedLineIds: stale.quote.lines.map((line) => line.lineId),
        reason: stale.quote.reason,
        channel: stale.channel,
        now,
        settings,
      })
    : null;
  if (!order || !decision || decision.kind === "deny") {
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
  return openPendingAction(tx, changes, {
    id: fresh,
    conversationId: stale.conversationId,
    customerId: stale.customerId,
    channel: stale.channel,
    orderId: order.orderId,
    quote: decision.quote,
    // Never looser than the stale quote's gates (an unstated merchant-fault reason stays reviewed).
    gates: {
      customerConfirmation: decision.gates.customerConfirmation || stale.gates.customerConfirmation,
      staffApproval: decision.gates.staffApproval || stale.gates.staffApproval,
    },
    refused: describeRefusedLines(decision.refused),
    reasonStatedByCustomer: row.reasonStatedByCustomer,
    reasonWords: row.reasonWords,
    actor: requesterOf(stale),
    runId: null,
    now,
    settings,
  });
}

/** The fresh quote is made for whoever asked for the stale one. */
function requesterOf(action: PendingActionState): Actor {
  return action.requestedBy === AGENT_REQUESTER
    ? { type: "agent" }
    : { type: "staff", userId: action.requestedBy, roles: [] };
}
