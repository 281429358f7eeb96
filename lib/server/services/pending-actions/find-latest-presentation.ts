import "server-only";
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
