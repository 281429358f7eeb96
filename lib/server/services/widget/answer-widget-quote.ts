import "server-only";
import { z } from "zod";
import type { PendingActionStatus } from "@/lib/domain/pending-action-status";
import { AppError } from "@/lib/errors/app-error";
import { appendAuditEvents } from "@/lib/server/audit/append-audit-events";
import { confirmPendingAction } from "@/lib/server/services/pending-actions/confirm-pending-action";
import { declinePendingAction } from "@/lib/server/services/pending-actions/decline-pending-action";
import { executePendingAction } from "@/lib/server/services/pending-actions/execute-pending-action";
import type { RunContext } from "@/lib/server/services/runs/advance-run";
import { requestAgentTurn } from "@/lib/server/services/runs/request-agent-turn";
import type { WidgetSession } from "./resolve-widget-session";

export const answerWidgetQuoteSchema = z.object({
  answer: z.enum(["confirm", "decline"]),
  // The hash of the quote the card showed: a card for an older quote cannot confirm a newer one.
  quoteHash: z.string().regex(/^[0-9a-f]{64}$/, "must be a quote hash"),
});

export type AnswerWidgetQuoteInput = z.output<typeof answerWidgetQuoteSchema> & {
  session: WidgetSession;
  actionId: string;
};

export type AnswerWidgetQuoteResult = { actionId: string; status: PendingActionStatus };

/**
 * The Confirm and Decline buttons of a quote card. The action services check everything that
 * binds a confirmation (this customer, this conversation, this live session, this exact quote,
 * still held); a confirmation that needs no approver executes at once, exactly once. The agent
 * then gets a turn to tell the customer where things stand.
 */
export async function answerWidgetQuote(
  input: AnswerWidgetQuoteInput,
  context: RunContext,
): Promise<AnswerWidgetQuoteResult> {
  const { db } = context;
  const { session, actionId } = input;
  const now = context.now();
  const target = {
    actionId,
    conversationId: session.conversationId,
    customerId: session.customerId,
  };
  let status: PendingActionStatus;
  if (input.answer === "decline") {
    const current = await db.pendingAction.findUnique({
      where: { id: actionId },
      select: { quoteHash: true, customerId: true, conversationId: true },
    });
    if (
      current &&
      current.customerId === session.customerId &&
      current.quoteHash !== input.quoteHash
    ) {
      throw new AppError("CONFLICT", "This quote has changed; look at the latest one.", {
        extensions: { reason: "QUOTE_HASH_MISMATCH" },
      });
    }
    status = (await declinePendingAction(target, { db, now: () => now })).status;
  } else {
    const confirmed = await confirmPendingAction(
      { ...target, quoteHash: input.quoteHash, sessionId: session.id },
      { db, now: () => now },
    );
    status = confirmed.status;
    if (status === "approved") {
      status = (await executePendingAction({ actionId }, context)).status;
    }
  }

  await db.$transaction(async (tx) => {
    await tx.customerSession.update({ where: { id: session.id }, data: { lastSeenAt: now } });
    await appendAuditEvents(tx, [
      {
        kind: "widget_quote.answered",
        subjectType: "pending_action",
        subjectId: actionId,
        actor: { type: "customer", customerId: session.customerId },
        occurredAt: now,
        payload: {
          conversationId: session.conversationId,
          sessionId: session.id,
          answer: input.answer,
          quoteHash: input.quoteHash,
          outcome: status,
        },
      },
    ]);
  });

  const _turn = await requestAgentTurn(
    {
      conversationId: session.conversationId,
      note: `The customer pressed ${input.answer === "confirm" ? "Confirm" : "Decline"} on refund ${actionId} in the chat widget; it is now ${status}.`,
      dedupeKey: `widget-answer:${actionId}:${input.answer}`,
    },
    context,
  );
  return { actionId, status };
}
