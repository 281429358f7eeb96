import "server-only";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { db as defaultDb } from "@/lib/server/db";
import { getServerEnv } from "@/lib/server/env";
import { postCustomerMessage } from "@/lib/server/services/conversations/post-customer-message";

export type ReplyAsCustomerResult = { messageId: string; duplicate: boolean; runId: string | null };

/*
 * A staff member types what the (simulated) customer says, for demos and tests. The message takes
 * the customer's own path. A confirmation is bound to the customer's live chat session, so only
 * in demo mode does this speak within that session (letting a demo "yes" confirm a quote); in a
 * real deployment the message is stored and classified, but it can never confirm anything.
 */
export async function replyAsCustomer(
  input: { conversationId: string; text: string; dedupeKey?: string },
  db: PrismaClient = defaultDb,
): Promise<ReplyAsCustomerResult> {
  const session = getServerEnv().DEMO_MODE
    ? await db.customerSession.findFirst({
        where: { conversationId: input.conversationId, endedAt: null },
        orderBy: { lastSeenAt: "desc" },
        select: { id: true },
      })
    : null;
  const posted = await postCustomerMessage(
    { ...input, ...(session ? { sessionId: session.id } : {}) },
    { db },
  );
  return { messageId: posted.messageId, duplicate: posted.duplicate, runId: posted.runId };
}
