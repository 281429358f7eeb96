import "server-only";
import { z } from "zod";
import type { ModelProvider } from "@/lib/agent/model/provider";
import { staffOnBehalfOf } from "@/lib/domain/actor";
import { roleSchema } from "@/lib/domain/authz";
import { classifyMessage } from "@/lib/domain/classify-message";
import { consentLanguage } from "@/lib/domain/consent-language";
import { MAX_MESSAGE_CHARS } from "@/lib/domain/message-limits";
import { AppError } from "@/lib/errors/app-error";
import { isUniqueViolation, retryOnTransactionConflict } from "@/lib/errors/prisma-errors";
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import { appendAuditEvents } from "@/lib/server/audit/append-audit-events";
import { publishRealtime } from "@/lib/server/realtime/publish";
import { createMessage } from "@/lib/server/repositories/message-repository";
import { lockPendingAction } from "@/lib/server/repositories/pending-action-repository";
import { continueChatSession } from "@/lib/server/services/conversations/continue-chat-session";
import { settleLanguageFromCustomerText } from "@/lib/server/services/conversations/conversation-language";
import { reservationFor } from "@/lib/server/services/conversations/message-reservation";
import { reopenOnCustomerReply } from "@/lib/server/services/conversations/set-workflow-status";
import {
  ActionChanges,
  commitTransition,
} from "@/lib/server/services/pending-actions/action-transaction";
import {
  applyCustomerIntent,
  type ClassifiedMessage,
  classifyCustomerMessage,
  type IntentOutcome,
  intentNote,
  intentOutcomeMessage,
  REPLACEABLE_STATUSES,
} from "@/lib/server/services/pending-actions/apply-customer-intent";
import type { RunContext } from "@/lib/server/services/runs/advance-run";
import { type LaunchOutcome, launchRun } from "@/lib/server/services/runs/launch-run";
import { queueRun } from "@/lib/server/services/runs/queue-run";
import { enqueueRunWakeUp, releaseRunReservation } from "@/lib/server/services/runs/wake-run";
import { recomputeSlaDueTimes } from "@/lib/server/services/sla/recompute-sla";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import { createOnce, findIntakeReceipt, type IntakeKey, type IntakeResult } from "./intake-receipt";
import { intakeTransaction } from "./intake-transaction";

export const postCustomerMessageInputSchema = z.object({
  conversationId: z.string().min(1),
  text: z.string().trim().min(1).max(MAX_MESSAGE_CHARS),
  // Widget client message id or email Message-ID: a retried submission is stored once.
  dedupeKey: z.string().min(1).max(300).optional(),
  sessionId: z.string().min(1).optional(),
  /** A staff member typing for the customer: stored as the message's author, audited as them. */
  actingStaff: z.object({ userId: z.string().min(1), roles: z.array(roleSchema) }).optional(),
  // Written by the customer simulator (a persona): shown as simulated on the ticket.
  simulated: z.boolean().optional(),
});

export type PostCustomerMessageInput = z.input<typeof postCustomerMessageInputSchema>;

/** What taking in a customer message uses: the run's context, and the payments its intent may move. */
export type IntakeContext = RunContext & Pick<UseCaseContext, "payments">;

/** How a message is taken in, beside what it says. */
export type IntakeOptions = {
  /** The client's key for this intake: a repeat answers what the first request created. */
  intake?: IntakeKey;
  /** Written in the transaction that stores a new message (an inbound email's record of it). */
  onStored?: (
    tx: Prisma.TransactionClient,
    stored: { messageId: string; conversationId: string },
  ) => Promise<void>;
};

export type PostCustomerMessageResult = {
  messageId: string;
  duplicate: boolean;
  outcome: IntentOutcome | null;
  runId: string | null;
  /** The chat session the message was stored in: a new one when the given one had ended. */
  sessionId: string | null;
  /** Set only when a new session was started; the widget keeps it in place of the old token. */
  sessionToken: string | null;
  // Resolves when this process has finished advancing the run; routes answer 202 without it.
  completion: Promise<LaunchOutcome | null>;
};

/*
 * A customer message, in the order the design requires: stored first (so nothing the customer
 * said is lost if anything after fails), then classified against the open pending action by
 * deterministic code, which alone moves the action, then handed to the agent as a queued run.
 */
export async function postCustomerMessage(
  input: PostCustomerMessageInput & IntakeOptions,
  context: IntakeContext,
): Promise<PostCustomerMessageResult> {
  const request = postCustomerMessageInputSchema.parse(input);
  const { intake, onStored } = input;
  const { db, model: provider } = context;
  const now = context.now();

  const answered = intake ? await findIntakeReceipt(db, intake) : null;
  if (answered) return replayOf(answered);
  const conversation = await db.conversation.findUnique({ where: { id: request.conversationId } });
  if (!conversation) throw new AppError("NOT_FOUND", "No such conversation");
  const session = request.sessionId
    ? await continueChatSession(
        {
          sessionId: request.sessionId,
          conversationId: conversation.id,
          customerId: conversation.customerId,
        },
        { db, now: () => now },
      )
    : null;
  const sessionId = session?.sessionId ?? null;
  const classified = await classifyCustomerMessage(db, conversation.id, request.text);

  const stored = await storeMessage(
    db,
    { ...request, sessionId: sessionId ?? undefined },
    classified,
    { provider, now, customerId: conversation.customerId, onStored, intake },
  );
  if ("replay" in stored) return replayOf(stored.replay);
  if (stored.duplicate) {
    return {
      messageId: stored.messageId,
      duplicate: true,
      outcome: null,
      runId: null,
      sessionId,
      sessionToken: session?.sessionToken ?? null,
      completion: Promise.resolve(null),
    };
  }

  const outcome = await applyCustomerIntent(
    {
      classified,
      conversationId: conversation.id,
      customerId: conversation.customerId,
      messageId: stored.messageId,
      sessionId,
      ...(request.actingStaff && {
        actor: staffOnBehalfOf(request.actingStaff, conversation.customerId),
      }),
    },
    {
      db,
      now: () => now,
      payments: context.payments,
      commerce: context.commerce,
      faultPoint: context.faultPoint,
    },
  );

  await db.$transaction(async (tx) => {
    // Touched only after the confirmation check, so a message cannot revive an idle session.
    if (sessionId) {
      await tx.customerSession.updateMany({
        where: { id: sessionId, customerId: conversation.customerId, endedAt: null },
        data: { lastSeenAt: now },
      });
    }
    // The customer's intent is applied: the run may start, on whichever worker takes its job.
    if (stored.runId) {
      await releaseRunReservation(tx, stored.runId, reservationFor(stored.messageId));
      await enqueueRunWakeUp(tx, { runId: stored.runId, conversationId: conversation.id });
    }
    const note = intentOutcomeMessage(outcome, {
      conversationId: conversation.id,
      messageId: stored.messageId,
    });
    if (note) await createMessage(tx, note, "silently");
  });
  return {
    messageId: stored.messageId,
    duplicate: false,
    outcome,
    runId: stored.runId,
    sessionId,
    sessionToken: session?.sessionToken ?? null,
    completion: launchRun(
      { runId: stored.runId, reservation: reservationFor(stored.messageId) },
      context,
    ),
  };
}

/** A repeated intake: the first request's ids, nothing new to advance. */
function replayOf(earlier: IntakeResult): PostCustomerMessageResult & { conversationId: string } {
  return {
    conversationId: earlier.conversationId,
    messageId: earlier.messageId,
    duplicate: true,
    outcome: null,
    runId: earlier.runId,
    sessionId: earlier.sessionId,
    sessionToken: null,
    completion: Promise.resolve(null),
  };
}

export type OpenedConversation = {
  conversationId: string;
  customerId: string;
  /** The chat session the message belongs to; none for an email. */
  sessionId: string | null;
};

/*
 * The first message of a chat conversation that `open` creates in the same transaction (a story
 * start): the conversation, its session, the message and its run commit together or not at all,
 * so a failure can never leave a conversation that waits for an agent with nothing to answer.
 * A new conversation has nothing open, so the message only needs classifying, not applying.
 */
export async function postOpeningMessage(
  input: IntakeOptions & {
    open: (tx: Prisma.TransactionClient) => Promise<OpenedConversation>;
    text: string;
    dedupeKey?: string;
  },
  context: IntakeContext,
): Promise<PostCustomerMessageResult & { conversationId: string }> {
  const { open, dedupeKey, intake, onStored } = input;
  const { db, model: provider } = context;
  const now = context.now();
  const body = postCustomerMessageInputSchema.shape.text.parse(input.text);
  const answered = intake ? await findIntakeReceipt(db, intake) : null;
  if (answered) return replayOf(answered);
  const classified: ClassifiedMessage = {
    // A conversation being opened has no language yet, and nothing open to answer.
    intent: classifyMessage({ text: body, openAction: null, language: consentLanguage(null) })
      .intent,
    open: null,
    seenPresentationId: null,
  };
  const committed = await intakeTransaction(db, (tx) =>
    createOnce(
      tx,
      intake,
      async () => {
        const opened = await open(tx);
        const stored = await storeMessageIn(
          tx,
          {
            conversationId: opened.conversationId,
            text: body,
            sessionId: opened.sessionId ?? undefined,
            dedupeKey,
          },
          classified,
          { provider, now, customerId: opened.customerId, onStored },
        );
        // Nothing to apply first: the run may start at once, on whichever worker takes its job.
        if (!stored.duplicate && stored.runId) {
          await releaseRunReservation(tx, stored.runId, reservationFor(stored.messageId));
          await enqueueRunWakeUp(tx, {
            runId: stored.runId,
            conversationId: opened.conversationId,
          });
        }
        return { opened, stored };
      },
      ({ opened, stored }) => ({
        conversationId: opened.conversationId,
        messageId: stored.messageId,
        runId: stored.duplicate ? null : stored.runId,
        sessionId: opened.sessionId,
      }),
    ),
  );
  if (committed.replay) return replayOf(committed.replay);
  const { opened, stored } = committed.created;
  const runId = stored.duplicate ? null : stored.runId;
  return {
    conversationId: opened.conversationId,
    sessionId: opened.sessionId,
    messageId: stored.messageId,
    duplicate: false,
    outcome: null,
    runId,
    sessionToken: null,
    completion: launchRun({ runId }, context),
  };
}

// The message, what the classifier made of it and the run that will answer it commit together:
// whatever happens next, the turn is durable and any instance can finish it. A "replace" ends
// the open quote here too, so no later "yes" can revive it whatever the agent does next.
type StoredMessage =
  | { messageId: string; duplicate: true }
  | { messageId: string; duplicate: false; runId: string | null };

type StoreContext = {
  provider: ModelProvider;
  now: Date;
  customerId: string;
  onStored?: IntakeOptions["onStored"];
};

async function storeMessage(
  db: PrismaClient,
  request: z.output<typeof postCustomerMessageInputSchema>,
  classified: ClassifiedMessage,
  { intake, ...context }: StoreContext & IntakeOptions,
): Promise<StoredMessage | { replay: IntakeResult }> {
  const store = () =>
    intakeTransaction(db, async (tx) => {
      const once = await createOnce(
        tx,
        intake,
        () => storeMessageIn(tx, request, classified, context),
        (stored) => ({
          conversationId: request.conversationId,
          messageId: stored.messageId,
          runId: stored.duplicate ? null : stored.runId,
          sessionId: request.sessionId ?? null,
        }),
      );
      return once.replay ? { replay: once.replay } : once.created;
    });
  try {
    return await retryOnTransactionConflict(store);
  } catch (error) {
    // Two submissions of the same message raced: the loser reads the winner's row.
    if (!isUniqueViolation(error)) throw error;
    return store();
  }
}

async function storeMessageIn(
  tx: Prisma.TransactionClient,
  request: z.output<typeof postCustomerMessageInputSchema>,
  classified: ClassifiedMessage,
  { provider, now, customerId, onStored }: StoreContext,
): Promise<StoredMessage> {
  // Messages of one conversation are stored one at a time, and this lock comes first, so a
  // retried submission finds its twin below and no other lock order can close a cycle.
  await tx.$queryRaw`SELECT id FROM conversations WHERE id = ${request.conversationId} FOR UPDATE`;
  const message = await createMessage(tx, {
    conversationId: request.conversationId,
    authorKind: "customer",
    visibility: "customer",
    body: request.text,
    sessionId: request.sessionId ?? null,
    staffUserId: request.actingStaff?.userId ?? null,
    dedupeKey: request.dedupeKey ?? null,
    simulated: request.simulated ?? false,
  });
  if (!message) {
    // Only a keyed message is refused: a retried submission, whose twin the first one stored.
    const twin = await tx.message.findFirstOrThrow({
      where: { conversationId: request.conversationId, dedupeKey: request.dedupeKey ?? null },
      select: { id: true },
    });
    return { messageId: twin.id, duplicate: true as const };
  }
  await onStored?.(tx, { messageId: message.id, conversationId: request.conversationId });
  // The update returns what language detection needs, so a conversation whose language is known
  // (nearly all messages) costs no extra statement.
  const touched = await tx.conversation.update({
    where: { id: request.conversationId },
    data: { lastMessageAt: now, lastCustomerMessageAt: now },
    select: { id: true, customerId: true, language: true },
  });
  await settleLanguageFromCustomerText(tx, { conversation: touched, now });
  if (classified.open || classified.intent !== "other") {
    await createMessage(
      tx,
      {
        conversationId: request.conversationId,
        authorKind: "system",
        visibility: "internal",
        ...intentNote(classified),
        dedupeKey: `intent:${message.id}`,
      },
      "silently",
    );
  }
  const changes = new ActionChanges();
  if (classified.intent === "replace" && classified.open) {
    await supersedeByCustomer(tx, changes, classified.open.id, {
      messageId: message.id,
      customerId,
      now,
    });
  }
  // Reserved until the action service has applied the customer's intent (below), so no
  // other process starts the agent on a quote that is still moving.
  const { runId } = await queueRun(tx, {
    conversationId: request.conversationId,
    triggerMessageId: message.id,
    provider,
    reservation: reservationFor(message.id),
  });
  await reopenOnCustomerReply(tx, request.conversationId, now);
  await recomputeSlaDueTimes(tx, request.conversationId, now);
  for (const event of changes.realtime) await publishRealtime(tx, event);
  // Last, so the audit chain's lock is held only briefly.
  await appendAuditEvents(tx, changes.audit);
  return { messageId: message.id, duplicate: false as const, runId };
}

async function supersedeByCustomer(
  tx: Prisma.TransactionClient,
  changes: ActionChanges,
  actionId: string,
  { messageId, customerId, now }: { messageId: string; customerId: string; now: Date },
): Promise<void> {
  const action = await lockPendingAction(tx, actionId);
  if (!action || !REPLACEABLE_STATUSES.includes(action.status)) return;
  await commitTransition(
    tx,
    changes,
    action,
    { type: "superseded_by_customer", messageId },
    { now, actor: { type: "customer", customerId } },
  );
}
