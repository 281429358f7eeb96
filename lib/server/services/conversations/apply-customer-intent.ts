import "server-only";
import { INTENT_NOTE_PREFIX } from "@/lib/agent/model/offline-agent";
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

export type ClassifiedMessage = {
  intent: MessageIntent;
  open: { id: string; status: PendingActionStatus; quoteHash: string } | null;
};

export type IntentOutcome = ClassifiedMessage & {
  to: PendingActionStatus | null;
  refusal: string | null;
};

// Reads the conversation's open action and lets the domain classifier judge the message.
export async function classifyCustomerMessage(
  db: PrismaClient,
  conversationId: string,
  text: string,
): Promise<ClassifiedMessage> {
  const open = await db.pendingAction.findFirst({
    where: { conversationId, status: { in: OPEN_STATUSES } },
    orderBy: { createdAt: "desc" },
  });
  const { intent } = classifyMessage({
    text,
    openAction: open
      ? {
          status: open.status,
          itemNames: quoteSchema.parse(open.quote).lines.map((line) => line.name),
          lineIds: open.lineIds,
        }
      : null,
  });
  return {
    intent,
    open: open ? { id: open.id, status: open.status, quoteHash: open.quoteHash } : null,
  };
}

/*
 * The deterministic half of a customer message: only the classifier's verdict (never the model)
 * calls the matching action service. A "replace" does nothing here: the new proposal supersedes
 * the old action when the agent makes it.
 */
export async function applyCustomerIntent(
  classified: ClassifiedMessage,
  input: {
    conversationId: string;
    customerId: string;
    messageId: string;
    sessionId: string | null;
  },
  deps: Partial<ActionDeps> & { db: PrismaClient },
): Promise<IntentOutcome> {
  const { open, intent } = classified;
  const unchanged: IntentOutcome = { ...classified, to: open?.status ?? null, refusal: null };
  if (!open) return unchanged;
  const target = {
    actionId: open.id,
    conversationId: input.conversationId,
    customerId: input.customerId,
  };
  try {
    switch (intent) {
      case "confirm": {
        if (!input.sessionId) {
          return {
            ...unchanged,
            refusal: "A confirmation needs the customer's live chat session.",
          };
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
        if (confirmed.status !== "approved") return { ...unchanged, to: confirmed.status };
        const executed = await executePendingAction({ actionId: open.id }, deps);
        return { ...unchanged, to: executed.status };
      }
      case "decline":
        return { ...unchanged, to: (await declinePendingAction(target, deps)).status };
      case "interrupt":
        return { ...unchanged, to: (await suspendPendingAction(target, deps)).status };
      case "resume":
        return { ...unchanged, to: (await resumePendingAction(target, deps)).status };
      default:
        return unchanged;
    }
  } catch (error) {
    // A refused move (session ended, concurrent change) is reported to the agent, not fatal.
    if (error instanceof AppError) return { ...unchanged, refusal: error.message };
    throw error;
  }
}

// Written with the message, before any action moves, so a crash mid-way still tells the
// resumed run what the customer meant.
export function describeIntent(classified: ClassifiedMessage): string {
  const target = classified.open
    ? `Refund ${classified.open.id} was ${classified.open.status}.`
    : "No refund was open.";
  return `${INTENT_NOTE_PREFIX} ${classified.intent}. ${target}`;
}

export function describeIntentOutcome(outcome: IntentOutcome): string | null {
  if (!outcome.open) return null;
  if (outcome.refusal) {
    return `${INTENT_NOTE_PREFIX} ${outcome.intent} was refused: ${outcome.refusal}`;
  }
  if (outcome.to === outcome.open.status) return null;
  return `${INTENT_NOTE_PREFIX} ${outcome.intent} moved refund ${outcome.open.id}: ${outcome.open.status} → ${outcome.to}.`;
}
