import "server-only";
import { classifyMessage, type MessageIntent } from "@/lib/domain/classify-message";
import type { PendingActionStatus } from "@/lib/domain/pending-action-status";
import { quoteSchema } from "@/lib/domain/quote";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/server/http/app-error";
import type { ActionDeps } from "@/lib/server/services/actions/action-deps";
import { confirmPendingAction } from "@/lib/server/services/actions/confirm-pending-action";
import { declinePendingAction } from "@/lib/server/services/actions/decline-pending-action";
import { executePendingAction } from "@/lib/server/services/actions/execute-pending-action";
import { resumePendingAction } from "@/lib/server/services/actions/resume-pending-action";
import { suspendPendingAction } from "@/lib/server/services/actions/suspend-pending-action";

// Actions a customer message can still act on, newest first wins.
const OPEN_STATUSES: PendingActionStatus[] = [
  "proposed",
  "awaiting_confirmation",
  "suspended",
  "awaiting_approval",
];

export type IntentOutcome = {
  intent: MessageIntent;
  actionId: string | null;
  from: PendingActionStatus | null;
  to: PendingActionStatus | null;
  refusal: string | null;
};

/*
 * The deterministic half of a customer message: the domain classifier reads it against the open
 * action, and only its verdict (never the model) calls the matching action service. A "replace"
 * does nothing here: the new proposal supersedes the old action when the agent makes it.
 */
export async function applyCustomerIntent(
  input: {
    conversationId: string;
    customerId: string;
    messageId: string;
    text: string;
    sessionId: string | null;
  },
  deps: Partial<ActionDeps> & { db: PrismaClient },
): Promise<IntentOutcome> {
  const open = await deps.db.pendingAction.findFirst({
    where: { conversationId: input.conversationId, status: { in: OPEN_STATUSES } },
    orderBy: { createdAt: "desc" },
  });
  const { intent } = classifyMessage({
    text: input.text,
    openAction: open
      ? {
          status: open.status,
          itemNames: quoteSchema.parse(open.quote).lines.map((line) => line.name),
          lineIds: open.lineIds,
        }
      : null,
  });
  const outcome: IntentOutcome = {
    intent,
    actionId: open?.id ?? null,
    from: open?.status ?? null,
    to: open?.status ?? null,
    refusal: null,
  };
  if (!open) return outcome;
  const target = {
    actionId: open.id,
    conversationId: input.conversationId,
    customerId: input.customerId,
  };
  try {
    switch (intent) {
      case "confirm": {
        if (!input.sessionId) {
          return { ...outcome, refusal: "A confirmation needs the customer's live chat session." };
        }
        const confirmed = await confirmPendingAction(
          {
            ...target,
            quoteHash: open.quoteHash,
            sessionId: input.sessionId,
            messageId: input.messageId,
          },
          deps,
        );
        if (confirmed.status !== "approved") return { ...outcome, to: confirmed.status };
        const executed = await executePendingAction({ actionId: open.id }, deps);
        return { ...outcome, to: executed.status };
      }
      case "decline":
        return { ...outcome, to: (await declinePendingAction(target, deps)).status };
      case "interrupt":
        return { ...outcome, to: (await suspendPendingAction(target, deps)).status };
      case "resume":
        return { ...outcome, to: (await resumePendingAction(target, deps)).status };
      default:
        return outcome;
    }
  } catch (error) {
    // A refused move (session ended, concurrent change) is reported to the agent, not fatal.
    if (error instanceof AppError) return { ...outcome, refusal: error.message };
    throw error;
  }
}

export function describeIntentOutcome(outcome: IntentOutcome): string {
  const move =
    outcome.actionId === null
      ? "No refund was open."
      : outcome.from === outcome.to
        ? `Refund ${outcome.actionId} stays ${outcome.from}.`
        : `Refund ${outcome.actionId}: ${outcome.from} → ${outcome.to}.`;
  return [
    `Customer intent: ${outcome.intent}.`,
    move,
    outcome.refusal ? `Refused: ${outcome.refusal}` : "",
  ]
    .filter(Boolean)
    .join(" ");
}
