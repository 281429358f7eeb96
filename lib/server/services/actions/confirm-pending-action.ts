import "server-only";
import { z } from "zod";
import type { PendingActionState } from "@/lib/domain/pending-action";
import { isChatSessionIdle } from "@/lib/domain/settings";
import type { Prisma } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/server/http/app-error";
import { getSettings } from "@/lib/server/settings/get-settings";
import { type ActionDeps, resolveActionDeps } from "./action-deps";
import { commitTransition, inActionTransaction } from "./action-transaction";
import {
  customerActionInputSchema,
  customerActor,
  expireIfLapsed,
  lockCustomerAction,
} from "./customer-action-access";

/*
 * The customer's "yes" to one exact quote. It binds the action id, the quote hash the customer
 * was shown, the conversation, the customer and their live chat session; a confirmation that
 * arrives after the quote's hold expires the action instead. Executing is the caller's next
 * step when the result is `approved` (executePendingAction); nothing moves money here.
 */

export const confirmPendingActionInputSchema = customerActionInputSchema.extend({
  quoteHash: z.string().min(1),
  sessionId: z.string().min(1),
  /** The customer's message that said yes, when it came as text rather than the button. */
  messageId: z.string().min(1).optional(),
});

export type ConfirmPendingActionInput = z.input<typeof confirmPendingActionInputSchema>;

export type ConfirmPendingActionResult = {
  /** `approved` (execute next), `awaiting_approval` (queued for staff) or `expired`. */
  status: PendingActionState["status"];
  action: PendingActionState;
};

export async function confirmPendingAction(
  input: ConfirmPendingActionInput,
  overrides: Partial<ActionDeps> = {},
): Promise<ConfirmPendingActionResult> {
  const request = confirmPendingActionInputSchema.parse(input);
  const { db, now } = resolveActionDeps(overrides);
  const settings = await getSettings(db);
  const action = await inActionTransaction(db, async (tx, changes) => {
    const current = await lockCustomerAction(tx, request);
    const expired = await expireIfLapsed(tx, changes, current, now);
    if (expired) return expired;
    await assertLiveSession(tx, request, now, settings.chatIdleMinutes);
    return commitTransition(
      tx,
      changes,
      current,
      {
        type: "customer_confirmed",
        quoteHash: request.quoteHash,
        conversationId: request.conversationId,
        customerId: request.customerId,
      },
      { now, actor: customerActor(request.customerId) },
      {
        extra: { confirmedSessionId: request.sessionId, confirmedMessageId: request.messageId },
      },
    );
  });
  return { status: action.status, action };
}

/** Memory or an old tab grants nothing: only this customer's current, active session confirms. */
async function assertLiveSession(
  tx: Prisma.TransactionClient,
  request: z.output<typeof confirmPendingActionInputSchema>,
  now: Date,
  chatIdleMinutes: number,
): Promise<void> {
  const session = await tx.customerSession.findUnique({ where: { id: request.sessionId } });
  if (
    !session ||
    session.customerId !== request.customerId ||
    session.conversationId !== request.conversationId
  ) {
    throw new AppError("FORBIDDEN", "This confirmation is not bound to the customer's session", {
      extensions: { reason: "SESSION_MISMATCH" },
    });
  }
  if (session.endedAt !== null || isChatSessionIdle(session.lastSeenAt, now, { chatIdleMinutes })) {
    throw new AppError("CONFLICT", "The chat session has ended; ask for a fresh quote", {
      extensions: { reason: "SESSION_ENDED" },
    });
  }
}
