import "server-only";
import type { PendingActionStatus } from "@/lib/domain/pending-action-status";
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";

type Reader = PrismaClient | Prisma.TransactionClient;

export type PresentedQuoteMessage = {
  messageId: string;
  actionId: string;
  quoteHash: string;
  presentedAt: Date;
  sessionId: string | null;
};

/**
 * The newest code-built quote message in the conversation: the only quote a "yes" can bind to.
 * `before`: the newest one stored before that moment (what was on screen when a message was sent).
 */
export async function findLatestPresentation(
  db: Reader,
  conversationId: string,
  options: { before?: Date } = {},
): Promise<PresentedQuoteMessage | null> {
  const message = await db.message.findFirst({
    where: {
      conversationId,
      presentedActionId: { not: null },
      ...(options.before && { createdAt: { lt: options.before } }),
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: {
      id: true,
      presentedActionId: true,
      presentedQuoteHash: true,
      createdAt: true,
      sessionId: true,
    },
  });
  if (!message?.presentedActionId || !message.presentedQuoteHash) return null;
  return {
    messageId: message.id,
    actionId: message.presentedActionId,
    quoteHash: message.presentedQuoteHash,
    presentedAt: message.createdAt,
    sessionId: message.sessionId,
  };
}

export type PresentedQuote = PresentedQuoteMessage & {
  body: string;
  action: {
    id: string;
    status: PendingActionStatus;
    quoteHash: string;
    netRefundCents: number;
    currency: string;
    expiresAt: Date;
    firstPresentedAt: Date | null;
  };
  /** True while Confirm can still bind: awaiting confirmation, unchanged and inside its hold. */
  confirmable: boolean;
};

/**
 * For the widget and staff pages: the latest presented quote message and where its action
 * stands, so Confirm/Decline buttons are drawn only for the quote a confirmation would bind to.
 */
export async function loadPresentedQuote(
  db: Reader,
  conversationId: string,
  now: Date = new Date(),
): Promise<PresentedQuote | null> {
  const presented = await findLatestPresentation(db, conversationId);
  if (!presented) return null;
  const [message, action] = await Promise.all([
    db.message.findUniqueOrThrow({ where: { id: presented.messageId }, select: { body: true } }),
    db.pendingAction.findUniqueOrThrow({
      where: { id: presented.actionId },
      select: {
        id: true,
        status: true,
        quoteHash: true,
        netRefundCents: true,
        currency: true,
        expiresAt: true,
        firstPresentedAt: true,
      },
    }),
  ]);
  return {
    ...presented,
    body: message.body,
    action,
    confirmable:
      action.status === "awaiting_confirmation" &&
      action.quoteHash === presented.quoteHash &&
      now.getTime() < action.expiresAt.getTime(),
  };
}
