import "server-only";
import { renderingLanguage } from "@/lib/domain/languages";
import type { OrderPart } from "@/lib/domain/order-fingerprint";
import type { PendingActionState } from "@/lib/domain/pending-action";
import {
  type AfterOrderChange,
  orderChangedAtPaymentNotice,
} from "@/lib/domain/revalidate-notices";
import type { Prisma } from "@/lib/generated/prisma/client";
import { type ActionChanges, commitTransition } from "./action-transaction";
import { pendingActionIdFor } from "./propose-refund";
import { openRequote, planRequote, requoteWaitsFor } from "./requote";
import { tellCustomerOrderChanged } from "./tell-customer-order-changed";

/**
 * An approved action whose order changed since its quote (ORDER_CHANGED), or whose store no
 * longer has the order, is refused before any money moves, in the claim's transaction: failed
 * with every reason (audited; staff see it on the ticket and in Failed refunds), the customer told
 * in plain words, and — when the same ask still qualifies on the changed order — a new quote
 * opened through the normal path (shown to a chat customer to confirm again, queued for an
 * approver on email).
 */
export async function refuseChangedOrder(
  tx: Prisma.TransactionClient,
  changes: ActionChanges,
  action: PendingActionState,
  input: {
    reasons: { code: string; message: string }[];
    changed: "gone" | OrderPart[];
    now: Date;
  },
): Promise<PendingActionState> {
  const { now } = input;
  const failed = await commitTransition(
    tx,
    changes,
    action,
    { type: "execution_failed", reason: input.reasons.map((reason) => reason.message).join(" ") },
    { now, actor: { type: "system" } },
  );
  const plan = input.changed === "gone" ? null : await planRequote(tx, failed, { now });
  const after: AfterOrderChange =
    plan === null
      ? { kind: "order_gone" }
      : plan.kind === "requote"
        ? {
            kind: "requoted",
            waitsFor: requoteWaitsFor(failed, plan.decision),
            quote: plan.decision.quote,
          }
        : plan;
  const conversation = await tx.conversation.findUniqueOrThrow({
    where: { id: action.conversationId },
    select: { language: true },
  });
  const notice = orderChangedAtPaymentNotice({
    quote: action.quote,
    changed: input.changed === "gone" ? [] : input.changed,
    after,
    language: renderingLanguage({ code: conversation.language, source: null }),
  });
  await tellCustomerOrderChanged(tx, changes, failed, notice, now);
  if (plan?.kind === "requote") {
    await openRequote(tx, changes, failed, plan.decision, {
      id: pendingActionIdFor(),
      now,
    });
  }
  return failed;
}
