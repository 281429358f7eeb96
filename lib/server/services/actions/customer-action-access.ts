import "server-only";
import { z } from "zod";
import type { Actor } from "@/lib/domain/actor";
import type { PendingActionState } from "@/lib/domain/pending-action";
import { isHoldStatus } from "@/lib/domain/pending-action-status";
import type { Prisma } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/server/http/app-error";
import { lockPendingAction } from "@/lib/server/repositories/pending-action-repository";
import { type ActionChanges, commitTransition } from "./action-transaction";

/*
 * Shared by the customer's answers to a quote (confirm, decline, suspend, resume): the action is
 * locked and must belong to this conversation and customer, and a quote whose hold has run out
 * is expired on the spot, whatever the customer was trying to do with it.
 */

export const customerActionInputSchema = z.object({
  actionId: z.string().min(1),
  conversationId: z.string().min(1),
  customerId: z.string().min(1),
});

export type CustomerActionInput = z.input<typeof customerActionInputSchema>;

export async function lockCustomerAction(
  tx: Prisma.TransactionClient,
  input: z.output<typeof customerActionInputSchema>,
): Promise<PendingActionState> {
  const action = await lockPendingAction(tx, input.actionId);
  // Someone else's action is reported as missing: its existence is not this customer's business.
  if (
    !action ||
    action.conversationId !== input.conversationId ||
    action.customerId !== input.customerId
  ) {
    throw new AppError("NOT_FOUND", "No such refund in this conversation");
  }
  return action;
}

export function customerActor(customerId: string): Actor {
  return { type: "customer", customerId };
}

/** Expires the action if its hold has ended; returns the expired state, or null if still held. */
export async function expireIfLapsed(
  tx: Prisma.TransactionClient,
  changes: ActionChanges,
  action: PendingActionState,
  now: Date,
): Promise<PendingActionState | null> {
  if (!isHoldStatus(action.status) || now.getTime() < action.expiresAt.getTime()) return null;
  return commitTransition(
    tx,
    changes,
    action,
    { type: "expired" },
    {
      now,
      actor: { type: "system" },
    },
  );
}
