import "server-only";
import { z } from "zod";
import { formatMoney } from "@/lib/domain/money";
import { quoteSchema } from "@/lib/domain/quote";
import { isPaid } from "@/lib/domain/refund-state";
import { AppError } from "@/lib/errors/app-error";
import { appendAuditEvents } from "@/lib/server/audit/append-audit-events";
import { writeStaffReply } from "@/lib/server/services/conversations/write-staff-reply";
import { resolveReconciliation } from "@/lib/server/services/pending-actions/resolve-reconciliation";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import { lookUpReconciliation } from "./look-up-reconciliation";

export const settleReconciliationSchema = z.object({
  resolution: z.enum(["mark_paid", "mark_not_paid", "retry"]),
  note: z
    .string()
    .trim()
    .min(1, "Say what you checked.")
    .max(2000)
    .refine(
      (text) => !text.includes("\u0000"),
      "Contains a NUL character, which cannot be stored.",
    ),
});

export type SettleReconciliationInput = z.output<typeof settleReconciliationSchema>;

export type SettledReconciliation = {
  status: "executed" | "failed";
  /** What the customer was told, as stored (null when the refund email already says it). */
  customerMessageId: string | null;
};

/*
 * A person settles a refund whose payment outcome is unknown, always after asking the provider
 * by the idempotency key, so the book matches what really happened:
 * - mark paid: only when the provider holds a refund under the key;
 * - mark not paid: fails the action, unless the provider in fact paid, which is then recorded;
 * - retry: pays under the same key (a repeat returns the first refund, never a second).
 * The transition is audited by the action service; then the customer is told the outcome.
 */
export async function settleReconciliation(
  input: {
    actionId: string;
    staff: { id: string; role: "agent" | "approver" | "admin" };
  } & SettleReconciliationInput,
  context: Pick<UseCaseContext, "db" | "now" | "payments">,
): Promise<SettledReconciliation> {
  const { db } = context;
  const now = context.now();
  if (input.resolution === "mark_paid") {
    const lookup = await lookUpReconciliation({ actionId: input.actionId }, context);
    if (lookup.refund?.status !== "succeeded") {
      throw new AppError(
        "CONFLICT",
        `${lookup.provider} holds no completed refund under ${lookup.idempotencyKey}: mark it not paid, or retry with the same key.`,
      );
    }
  }
  const settled = await resolveReconciliation(
    {
      actionId: input.actionId,
      staffId: input.staff.id,
      resolution: input.resolution === "retry" ? "retry" : "mark_failed",
      note: input.note,
    },
    context,
  );
  const status = settled.status === "executed" ? "executed" : "failed";
  const action = await db.pendingAction.findUniqueOrThrow({
    where: { id: input.actionId },
    include: { conversation: { select: { channel: true } }, refund: { select: { status: true } } },
  });
  // An executed refund already emails its receipt; a chat customer still needs to hear it.
  if (status === "executed" && action.conversation.channel === "email") {
    return { status, customerMessageId: null };
  }
  const quote = quoteSchema.parse(action.quote);
  const amount = formatMoney(quote.netRefundCents, quote.currency);
  const paid = action.refund !== null && isPaid(action.refund.status);
  const text =
    status === "executed"
      ? paid
        ? `Your refund of ${amount} for order ${quote.orderNumber} has gone through to ${quote.refundTarget}.`
        : `Your refund of ${amount} for order ${quote.orderNumber} has been sent to our payment processor and is being processed; it has not reached your ${quote.refundTarget} yet. We'll tell you here as soon as it has.`
      : `We could not complete your refund of ${amount} for order ${quote.orderNumber}: the payment did not go through, and no money has moved. A member of our team will follow up with you about what happens next.`;
  const customerMessageId = await db.$transaction(async (tx) => {
    const reply = await writeStaffReply(tx, {
      conversationId: action.conversationId,
      staffUserId: input.staff.id,
      text,
      cause: "reconciliation_outcome",
      now,
      dedupeKey: `reconciliation-outcome:${action.id}`,
    });
    await appendAuditEvents(tx, [reply.audit]);
    return reply.messageId;
  });
  return { status, customerMessageId };
}
