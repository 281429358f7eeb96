import "server-only";
import { createHash, randomUUID } from "node:crypto";
import { z } from "zod";
import { actorSchema } from "@/lib/domain/actor";
import type { DenyReason } from "@/lib/domain/deny-reasons";
import { createPendingAction, type PendingActionState } from "@/lib/domain/pending-action";
import { HOLD_STATUSES } from "@/lib/domain/pending-action-status";
import { evaluateRefund, refundReasonSchema } from "@/lib/domain/refund-policy";
import type { Prisma } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/server/http/app-error";
import { isUniqueViolation } from "@/lib/server/prisma-errors";
import { loadOrderFacts } from "@/lib/server/repositories/order-facts-repository";
import {
  findPendingAction,
  insertPendingAction,
  lockPendingAction,
} from "@/lib/server/repositories/pending-action-repository";
import { getSettings } from "@/lib/server/settings/get-settings";
import { type ActionDeps, resolveActionDeps } from "./action-deps";
import { type ActionChanges, commitTransition, inActionTransaction } from "./action-transaction";

/*
 * Turns a refund request into a server-owned PendingAction carrying the policy engine's quote.
 * It never moves money. The channel comes from the stored conversation, not from the caller,
 * and every id is checked against the conversation's verified customer.
 */

export const proposeRefundInputSchema = z.object({
  conversationId: z.string().min(1),
  customerId: z.string().min(1),
  orderId: z.string().min(1),
  lineIds: z.array(z.string().min(1)).min(1).max(100),
  reason: refundReasonSchema,
  /** The AI agent, or a staff user proposing on the customer's behalf. */
  requestedBy: actorSchema.refine((actor) => actor.type === "agent" || actor.type === "staff", {
    message: "Only the agent or staff can propose a refund",
  }),
  /** With toolCallId, makes a retried tool call find the action it already created. */
  runId: z.string().min(1).optional(),
  toolCallId: z.string().min(1).optional(),
});

export type ProposeRefundInput = z.input<typeof proposeRefundInputSchema>;

export type ProposeRefundResult =
  | { kind: "denied"; policyVersion: string; reasons: DenyReason[] }
  | {
      kind: "proposed";
      action: PendingActionState;
      /** Selected lines the policy refused, each with its reason, for the reply. */
      refused: DenyReason[];
      /** True when a retried tool call found the action it had created before. */
      replayed: boolean;
    };

/** Stable per tool call, so the action id and its idempotency key survive a retry. */
export function pendingActionIdFor(runId?: string, toolCallId?: string): string {
  if (runId && toolCallId) {
    const digest = createHash("sha256").update(`${runId}\u0000${toolCallId}`).digest("hex");
    return `pa_${digest.slice(0, 24)}`;
  }
  return `pa_${randomUUID().replaceAll("-", "").slice(0, 24)}`;
}

const OPEN_STATUSES = [...HOLD_STATUSES, "awaiting_approval"] as const;

export async function proposeRefund(
  input: ProposeRefundInput,
  overrides: Partial<ActionDeps> = {},
): Promise<ProposeRefundResult> {
  const request = proposeRefundInputSchema.parse(input);
  const { db, now } = resolveActionDeps(overrides);
  const actionId = pendingActionIdFor(request.runId, request.toolCallId);

  const replay = await findReplay(db, actionId);
  if (replay) return replay;

  const conversation = await db.conversation.findUnique({ where: { id: request.conversationId } });
  if (!conversation || conversation.customerId !== request.customerId) {
    throw new AppError("NOT_FOUND", "No such conversation for this customer");
  }
  const order = await loadOrderFacts(db, request.orderId, { inFlight: {} });
  if (!order || order.customerId !== request.customerId) {
    throw new AppError("NOT_FOUND", "No such order for this customer", {
      extensions: { reason: "OUT_OF_SCOPE" },
    });
  }
  const settings = await getSettings(db);
  const decision = evaluateRefund({
    order,
    selectedLineIds: request.lineIds,
    reason: request.reason,
    channel: conversation.channel,
    now,
    settings,
  });
  if (decision.kind === "deny") {
    return { kind: "denied", policyVersion: decision.policyVersion, reasons: decision.reasons };
  }

  try {
    const action = await inActionTransaction(db, async (tx, changes) => {
      const created = createPendingAction({
        id: actionId,
        customerId: request.customerId,
        conversationId: request.conversationId,
        channel: conversation.channel,
        quote: decision.quote,
        gates: decision.gates,
        now,
        actor: request.requestedBy,
        settings,
      });
      await supersedeOpenActions(tx, changes, created.action, request.requestedBy, now);
      await insertPendingAction(tx, {
        state: created.action,
        orderId: order.orderId,
        runId: request.runId ?? null,
      });
      changes.audit.push(...created.auditEvents);
      const shown = await commitTransition(
        tx,
        changes,
        created.action,
        { type: "proposed_to_customer" },
        { now, actor: request.requestedBy },
      );
      await tx.conversation.update({
        where: { id: request.conversationId },
        data: { amountAtStakeCents: decision.quote.netRefundCents, orderId: order.orderId },
      });
      return shown;
    });
    return { kind: "proposed", action, refused: decision.refused, replayed: false };
  } catch (error) {
    // The same tool call, retried concurrently, created the action first.
    if (isUniqueViolation(error)) {
      const raced = await findReplay(db, actionId);
      if (raced) return raced;
    }
    throw error;
  }
}

async function findReplay(
  db: ActionDeps["db"],
  actionId: string,
): Promise<ProposeRefundResult | null> {
  const existing = await findPendingAction(db, actionId);
  return existing ? { kind: "proposed", action: existing, refused: [], replayed: true } : null;
}

/** A new request replaces whatever the conversation still had open (story 9). */
async function supersedeOpenActions(
  tx: Prisma.TransactionClient,
  changes: ActionChanges,
  replacement: PendingActionState,
  actor: z.output<typeof actorSchema>,
  now: Date,
): Promise<void> {
  const open = await tx.pendingAction.findMany({
    where: { conversationId: replacement.conversationId, status: { in: [...OPEN_STATUSES] } },
    select: { id: true },
    orderBy: { id: "asc" },
  });
  for (const { id } of open) {
    const current = await lockPendingAction(tx, id);
    if (!current || !(OPEN_STATUSES as readonly string[]).includes(current.status)) continue;
    await commitTransition(
      tx,
      changes,
      current,
      { type: "superseded", byActionId: replacement.id },
      { now, actor },
      { updateConversation: false },
    );
  }
}
