import "server-only";
import { formatMoney } from "@/lib/domain/money";
import type { PendingActionState } from "@/lib/domain/pending-action";
import { shortHash } from "@/lib/domain/quote";
import { createMessage } from "@/lib/server/repositories/message-repository";
import { queueRun } from "@/lib/server/services/runs/queue-run";
import type { UseCaseContext } from "@/lib/server/use-case-context";

export type NotedDecision = {
  decision: "approve" | "reject";
  note?: string | undefined;
  deciderId: string;
};

/*
 * Writes a settled decision into the thread as a team note and queues the agent's turn to tell
 * the customer (with its wake-up job), in one transaction. Keyed by action: a decision is made
 * once, so a second call (the follow-up job after the request did it) writes nothing and queues
 * nothing. An email ticket whose refund was paid gets no turn: the refund email told the customer.
 */
export async function noteDecision(
  { action, ...input }: NotedDecision & { action: PendingActionState },
  context: Pick<UseCaseContext, "db" | "model">,
): Promise<{ runId: string | null }> {
  const body = decisionNoteBody(action, input);
  const runId = await context.db.$transaction(async (tx) => {
    // Keyed by action: a decision is made once, so its note is written once.
    const dedupeKey = `decision:${action.id}`;
    const message = await createMessage(tx, {
      conversationId: action.conversationId,
      authorKind: "staff",
      visibility: "internal",
      staffUserId: input.deciderId,
      body,
      dedupeKey,
    });
    if (!message) return null;
    // The customer's cancel was answered in its own turn; there is no decision left to tell.
    if (action.status === "declined") return null;
    if (action.channel === "email" && action.status === "executed") return null;
    const queued = await queueRun(tx, {
      conversationId: action.conversationId,
      triggerMessageId: message.id,
      provider: context.model,
    });
    return queued.runId;
  });
  return { runId };
}

/*
 * The note says what happened to the action, which is not always what was asked: an approval
 * that lost the race to the customer's cancel paid nothing, and a refund that failed was not
 * paid either. Only an action that is paid, or on its way to being paid, reads "Approved".
 */
function decisionNoteBody(action: PendingActionState, input: NotedDecision): string {
  const refund = `the refund of ${formatMoney(action.quote.netRefundCents, action.quote.currency)} (quote ${shortHash(action.quoteHash)})`;
  const staffNote = input.note ? ` Note: ${input.note}` : "";
  switch (action.status) {
    case "rejected":
      return `Rejected ${refund}. Reason for the customer: ${input.note}`;
    case "declined":
      return `The customer cancelled ${refund} before it was paid; the approval came too late and nothing was paid.${staffNote}`;
    case "failed":
      return `Approved ${refund}, but the payment failed; nothing was paid.${staffNote}`;
    case "needs_reconciliation":
      return `Approved ${refund}; the payment's outcome is not known yet and is being checked.${staffNote}`;
    default:
      return `Approved ${refund}.${staffNote}`;
  }
}
