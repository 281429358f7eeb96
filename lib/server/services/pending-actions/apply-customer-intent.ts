import "server-only";
import type { Actor } from "@/lib/domain/actor";
import { classifyMessage, type MessageIntent } from "@/lib/domain/classify-message";
import { consentLanguage } from "@/lib/domain/consent-language";
import type { CustomerIntentNote } from "@/lib/domain/customer-intent-note";
import type { PendingActionStatus } from "@/lib/domain/pending-action-status";
import { quoteSchema } from "@/lib/domain/quote";
import { AppError } from "@/lib/errors/app-error";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import { cancelConfirmedRefund } from "./cancel-confirmed-refund";
import { confirmPendingAction } from "./confirm-pending-action";
import { declinePendingAction } from "./decline-pending-action";
import { executePendingAction } from "./execute-pending-action";
import { findLatestPresentation } from "./find-latest-presentation";
import { resumePendingAction } from "./resume-pending-action";
import { suspendPendingAction } from "./suspend-pending-action";

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
  /** The newest quote message when this message was stored: the only one a typed yes binds to. */
  seenPresentationId: string | null;
};

/** Statuses a customer "replace" message ends in the transaction that stores it. */
export const REPLACEABLE_STATUSES: readonly PendingActionStatus[] = [
  "proposed",
  "awaiting_confirmation",
  "suspended",
];

export type IntentOutcome = ClassifiedMessage & {
  to: PendingActionStatus | null;
  refusal: string | null;
};

// Reads the conversation's open action and lets the domain classifier judge the message.
// `storedAt`: the message is already stored (its request died before this), so what was on
// screen is the newest quote presented before it, not one the agent presented since.
export async function classifyCustomerMessage(
  db: PrismaClient,
  conversationId: string,
  text: string,
  storedAt?: Date,
): Promise<ClassifiedMessage> {
  const [open, presentation] = await Promise.all([
    // The conversation's language comes with the action: with nothing open, nothing is read.
    db.pendingAction.findFirst({
      where: { conversationId, status: { in: OPEN_STATUSES } },
      orderBy: { createdAt: "desc" },
      include: { conversation: { select: { language: true } } },
    }),
    findLatestPresentation(db, conversationId, storedAt ? { before: storedAt } : {}),
  ]);
  const { intent } = classifyMessage({
    text,
    // The language stored before this message: one it locks is read from the next message on.
    language: consentLanguage(open?.conversation.language ?? null),
    openAction: open
      ? {
          status: open.status,
          itemNames: quoteSchema.parse(open.quote).lines.map((line) => line.name),
          lineIds: open.lineIds,
          netRefundCents: open.netRefundCents,
          currency: open.currency,
        }
      : null,
  });
  return {
    intent,
    open: open ? { id: open.id, status: open.status, quoteHash: open.quoteHash } : null,
    seenPresentationId: presentation?.messageId ?? null,
  };
}

/*
 * The deterministic half of a customer message: only the classifier's verdict (never the model)
 * calls the matching action service. A "replace" has already superseded the open quote in the
 * transaction that stored the message. A refund the customer has confirmed is past answering:
 * only an explicit request to cancel it counts, never a courtesy "no thanks".
 */
export async function applyCustomerIntent(
  {
    classified,
    ...input
  }: {
    classified: ClassifiedMessage;
    conversationId: string;
    customerId: string;
    messageId: string;
    sessionId: string | null;
    /** Staff who typed the message for the customer; their answers are recorded as theirs. */
    actor?: Actor;
  },
  context: Pick<UseCaseContext, "db" | "now" | "payments" | "faultPoint" | "commerce">,
): Promise<IntentOutcome> {
  const { open, intent } = classified;
  const unchanged: IntentOutcome = { ...classified, to: open?.status ?? null, refusal: null };
  if (!open) return unchanged;
  const target = {
    actionId: open.id,
    conversationId: input.conversationId,
    customerId: input.customerId,
    ...(input.actor && { actor: input.actor }),
  };
  try {
    if (open.status === "awaiting_approval") {
      if (intent === "cancel") {
        const cancelled = await cancelConfirmedRefund(
          { ...target, messageId: input.messageId },
          context,
        );
        return { ...unchanged, to: cancelled.status };
      }
      if (intent === "decline" || intent === "replace") {
        return {
          ...unchanged,
          refusal:
            "The customer already confirmed this refund; only an explicit request to cancel it cancels it.",
        };
      }
      return unchanged;
    }
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
            seenPresentationId: classified.seenPresentationId,
          },
          context,
        );
        if (confirmed.status !== "approved") return { ...unchanged, to: confirmed.status };
        const executed = await executePendingAction({ actionId: open.id }, context);
        return { ...unchanged, to: executed.status };
      }
      case "decline": {
        const declined = await declinePendingAction(
          { ...target, seenPresentationId: classified.seenPresentationId },
          context,
        );
        return { ...unchanged, to: declined.status };
      }
      case "interrupt":
        return { ...unchanged, to: (await suspendPendingAction(target, context)).status };
      case "resume": {
        const resumed = await resumePendingAction(target, context);
        return { ...unchanged, to: resumed.id === open.id ? resumed.status : "superseded" };
      }
      case "replace": {
        // Already applied with the message; report where the quote stands now.
        const stored = await context.db.pendingAction.findUnique({
          where: { id: open.id },
          select: { status: true },
        });
        return { ...unchanged, to: stored?.status ?? open.status };
      }
      default:
        return unchanged;
    }
  } catch (error) {
    // A refused move (session ended, concurrent change) is reported to the agent, not fatal.
    if (error instanceof AppError) return { ...unchanged, refusal: error.message };
    throw error;
  }
}

/** The internal note about a customer message: its text for people and real models, and the
 * same decision as data (the only thing the offline agent reads). */
export type IntentNoteRow = {
  body: string;
  noteKind: "customer_intent";
  noteData: CustomerIntentNote;
};

const INTENT_NOTE_PREFIX = "Customer intent:";

// Written with the message, before any action moves, so a crash mid-way still tells the
// resumed run what the customer meant.
export function intentNote(classified: ClassifiedMessage): IntentNoteRow {
  const { open, intent } = classified;
  const target = open ? `Refund ${open.id} was ${open.status}.` : "No refund was open.";
  return {
    body: `${INTENT_NOTE_PREFIX} ${intent}. ${target}`,
    noteKind: "customer_intent",
    noteData: { intent, open: open && { actionId: open.id, status: open.status } },
  };
}

export function intentOutcomeNote(outcome: IntentOutcome): IntentNoteRow | null {
  const { open, intent } = outcome;
  if (!open) return null;
  const judged = { intent, open: { actionId: open.id, status: open.status } };
  if (outcome.refusal) {
    return {
      body: `${INTENT_NOTE_PREFIX} ${intent} was refused: ${outcome.refusal}`,
      noteKind: "customer_intent",
      noteData: { ...judged, outcome: { kind: "refused", reason: outcome.refusal } },
    };
  }
  if (!outcome.to || outcome.to === open.status) return null;
  return {
    body: `${INTENT_NOTE_PREFIX} ${intent} moved refund ${open.id}: ${open.status} → ${outcome.to}.`,
    noteKind: "customer_intent",
    noteData: { ...judged, outcome: { kind: "moved", to: outcome.to } },
  };
}

/**
 * The internal message recording where a customer message's intent ended, keyed by that message
 * so it is written once however many processes finish the message; null when nothing moved.
 */
export function intentOutcomeMessage(
  outcome: IntentOutcome,
  message: { conversationId: string; messageId: string },
) {
  const note = intentOutcomeNote(outcome);
  if (!note) return null;
  return {
    conversationId: message.conversationId,
    authorKind: "system" as const,
    visibility: "internal" as const,
    ...note,
    dedupeKey: `intent-outcome:${message.messageId}`,
  };
}
