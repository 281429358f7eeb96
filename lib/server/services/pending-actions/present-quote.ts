import "server-only";
import { storedRefusedLines } from "@/lib/domain/customer-phrases";
import { renderingLanguage } from "@/lib/domain/languages";
import type { PendingActionState } from "@/lib/domain/pending-action";
import { renderQuotePresentation } from "@/lib/domain/quote-presentation";
import type { Prisma } from "@/lib/generated/prisma/client";
import { createMessage } from "@/lib/server/repositories/message-repository";
import type { ActionChanges } from "./action-transaction";

export type PresentQuoteOptions = {
  now: Date;
  /** The agent run whose tool call led to it, if any (its transcript already holds the result). */
  runId: string | null;
  again: boolean;
};

/**
 * Shows the customer the action's quote in a message built here from the stored snapshot, and
 * records which action and hash it showed. The first presentation starts the hold; later ones
 * never extend it. Runs inside the caller's action transaction.
 */
export async function presentQuote(
  tx: Prisma.TransactionClient,
  changes: ActionChanges,
  action: PendingActionState,
  options: PresentQuoteOptions,
): Promise<{ messageId: string }> {
  const { now } = options;
  const row = await tx.pendingAction.findUniqueOrThrow({
    where: { id: action.id },
    select: {
      reasonStatedByCustomer: true,
      refusedLines: true,
      refusedReasons: true,
      firstPresentedAt: true,
    },
  });
  if (row.firstPresentedAt === null) {
    await tx.pendingAction.update({
      where: { id: action.id },
      data: { firstPresentedAt: now },
    });
  }
  const session = await tx.customerSession.findFirst({
    where: { conversationId: action.conversationId, endedAt: null },
    orderBy: { createdAt: "desc" },
    select: { id: true },
  });
  // The conversation is touched anyway; the same statement reads the language to write in.
  const conversation = await tx.conversation.update({
    where: { id: action.conversationId },
    data: { lastMessageAt: now },
    select: { language: true },
  });
  const language = renderingLanguage({ code: conversation.language, source: null });
  const message = await createMessage(
    tx,
    {
      conversationId: action.conversationId,
      authorKind: "agent",
      visibility: "customer",
      body: renderQuotePresentation({
        quote: action.quote,
        refused: storedRefusedLines(row, language),
        reasonStatedByCustomer: row.reasonStatedByCustomer,
        holdEndsAt: action.expiresAt,
        now,
        again: options.again,
        language,
      }),
      runId: options.runId,
      sessionId: session?.id ?? null,
      presentedActionId: action.id,
      presentedQuoteHash: action.quoteHash,
    },
    changes.realtime,
  );
  changes.audit.push({
    kind: "quote.presented",
    subjectType: "pending_action",
    subjectId: action.id,
    actor: { type: "system" },
    occurredAt: now,
    conversationId: action.conversationId,
    payload: {
      messageId: message.id,
      quoteHash: action.quoteHash,
      again: options.again,
      expiresAt: action.expiresAt.toISOString(),
    },
  });
  return { messageId: message.id };
}
