import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { isChatSessionIdle } from "@/lib/domain/settings";
import { AppError } from "@/lib/errors/app-error";
import { getSettings } from "@/lib/server/settings/get-settings";
import type { UseCaseContext } from "@/lib/server/use-case-context";

export type ContinuedChatSession = {
  sessionId: string;
  /** Only when a new session was started: its token, shown once (only the hash is kept). */
  sessionToken: string | null;
  renewed: boolean;
};

/**
 * The session a new customer message belongs to. A live session carries on; one that idled past
 * `chatIdleMinutes` (or was ended) stays ended, and the message starts a new session row. Quotes
 * shown in the ended session can no longer be confirmed from the new one; they are shown again.
 */
export async function continueChatSession(
  input: { sessionId: string; conversationId: string; customerId: string },
  context: Pick<UseCaseContext, "db" | "now">,
): Promise<ContinuedChatSession> {
  const { db } = context;
  const now = context.now();
  const session = await db.customerSession.findUnique({ where: { id: input.sessionId } });
  if (
    !session ||
    session.customerId !== input.customerId ||
    session.conversationId !== input.conversationId
  ) {
    throw new AppError("FORBIDDEN", "This chat session belongs to another conversation", {
      extensions: { reason: "SESSION_MISMATCH" },
    });
  }
  const settings = await getSettings(db);
  const idle = isChatSessionIdle(session.lastSeenAt, now, settings);
  if (session.endedAt === null && !idle) {
    return { sessionId: session.id, sessionToken: null, renewed: false };
  }
  const sessionToken = randomBytes(32).toString("base64url");
  const renewed = await db.$transaction(async (tx) => {
    await tx.customerSession.updateMany({
      where: { id: session.id, endedAt: null },
      data: { endedAt: now },
    });
    return tx.customerSession.create({
      data: {
        customerId: session.customerId,
        conversationId: session.conversationId,
        tokenHash: createHash("sha256").update(sessionToken).digest("hex"),
        lastSeenAt: now,
      },
    });
  });
  return { sessionId: renewed.id, sessionToken, renewed: true };
}

/** The sweeper's half: sessions idle past the limit are marked ended, so they stay ended. */
export async function endIdleChatSessions(
  _input: Record<string, never>,
  context: Pick<UseCaseContext, "db" | "now">,
): Promise<number> {
  const { db } = context;
  const now = context.now();
  const { chatIdleMinutes } = await getSettings(db);
  const { count } = await db.customerSession.updateMany({
    where: {
      endedAt: null,
      lastSeenAt: { lte: new Date(now.getTime() - chatIdleMinutes * 60_000) },
    },
    data: { endedAt: now },
  });
  return count;
}
