import "server-only";
import { z } from "zod";
import { type Actor, actorSchema } from "@/lib/domain/actor";
import type { PendingActionEvent, PendingActionState } from "@/lib/domain/pending-action";
import { isHoldStatus } from "@/lib/domain/pending-action-status";
import { AppError } from "@/lib/errors/app-error";
import type { Prisma } from "@/lib/generated/prisma/client";
import { lockPendingAction } from "@/lib/server/repositories/pending-action-repository";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import { type ActionChanges, commitTransition, inActionTransaction } from "./action-transaction";

/*
 * Shared by the customer's answers to a quote (confirm, decline, suspend, resume): the action is
 * locked and must belong to this conversation and customer, and a quote whose hold has run out
 * is expired on the spot, whatever the customer was trying to do with it.
 */

export const customerActionInputSchema = z.object({
  actionId: z.string().min(1),
  conversationId: z.string().min(1),
  customerId: z.string().min(1),
  /** Staff speaking for the customer (demo mode); the customer themselves when absent. */
  actor: actorSchema.optional(),
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

/**
 * Applies one customer answer to a held quote: lock, check the binding, expire a lapsed hold,
 * then move the action through the domain machine.
 */
export async function applyCustomerAnswer(
  { event, ...input }: CustomerActionInput & { event: PendingActionEvent },
  context: Pick<UseCaseContext, "db" | "now">,
): Promise<PendingActionState> {
  const request = customerActionInputSchema.parse(input);
  const now = context.now();
  return inActionTransaction(context.db, async (tx, changes) => {
    const current = await lockCustomerAction(tx, request);
    const expired = await expireIfLapsed(tx, changes, current, now);
    if (expired) return expired;
    return commitTransition(tx, changes, current, event, { now, actor: answeringActor(request) });
  });
}

export function customerActor(customerId: string): Actor {
  return { type: "customer", customerId };
}

/** Who the audit trail names for a customer's answer: whoever actually gave it. */
export function answeringActor(input: { customerId: string; actor?: Actor }): Actor {
  return input.actor ?? customerActor(input.customerId);
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
