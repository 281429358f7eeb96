import "server-only";
import { unsupportedLanguageFlag } from "@/lib/domain/hand-off";
import { flagPausesAgent } from "@/lib/domain/needs-person";
import type { Prisma } from "@/lib/generated/prisma/client";
import { handOffToPerson } from "./hand-off-to-person";

/*
 * Whether a customer's message waits for a person instead of starting the agent: the agent handed
 * the conversation over (flagPausesAgent; until someone takes it over or replies), or its
 * language is one Countersign does not speak, which flags it now and tells the customer once.
 * The customer's consent to a quote is applied by code before this and does not wait.
 */
export async function waitsForPerson(
  tx: Prisma.TransactionClient,
  input: {
    conversation: { id: string; language: string | null; needsPersonKind: string | null };
    triggerMessageId: string;
    now: Date;
  },
): Promise<boolean> {
  const { conversation } = input;
  const unsupported = unsupportedLanguageFlag({ code: conversation.language, source: null });
  if (unsupported) {
    await handOffToPerson(tx, {
      conversationId: conversation.id,
      flag: unsupported,
      author: { kind: "system" },
      dedupeKey: `hand-off:${input.triggerMessageId}`,
      now: input.now,
    });
    return true;
  }
  return flagPausesAgent(conversation.needsPersonKind);
}
