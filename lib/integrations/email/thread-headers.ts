import type { Prisma } from "@/lib/generated/prisma/client";

export type ThreadHeaders = { inReplyTo: string | null; references: string[] };

// Mail clients only need the root and the recent ancestors to thread; long chains get trimmed.
const MAX_REFERENCES = 20;

/*
 * The In-Reply-To and References of a reply on a conversation: it answers the customer's latest
 * email, carrying that email's own chain. A conversation that never received a real email (typed
 * in by staff, a demo story) threads our replies to each other instead.
 */
export async function threadHeadersFor(
  tx: Prisma.TransactionClient,
  conversationId: string,
): Promise<ThreadHeaders> {
  const latestInbound = await tx.inboundEmail.findFirst({
    where: { conversationId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { messageId: true, threadReferences: true },
  });
  if (latestInbound) {
    const chain = [...latestInbound.threadReferences, latestInbound.messageId];
    return { inReplyTo: latestInbound.messageId, references: trimChain(chain) };
  }
  const earlier = await tx.outboxEmail.findMany({
    where: { conversationId, messageId: { not: null } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { messageId: true },
  });
  const chain = earlier.flatMap((email) => (email.messageId ? [email.messageId] : []));
  return { inReplyTo: chain.at(-1) ?? null, references: trimChain(chain) };
}

function trimChain(chain: string[]): string[] {
  const unique = [...new Set(chain)];
  if (unique.length <= MAX_REFERENCES) return unique;
  return [unique[0] as string, ...unique.slice(-(MAX_REFERENCES - 1))];
}
