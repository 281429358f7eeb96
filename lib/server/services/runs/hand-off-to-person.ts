import "server-only";
import { SUPPORT_SIGNATURE } from "@/lib/agent/tools/send-customer-message.tool";
import { SYSTEM_ACTOR } from "@/lib/domain/actor";
import { HANDOFF_CATALOGS } from "@/lib/domain/catalogs/handoff";
import { translator } from "@/lib/domain/i18n";
import { languageSourceSchema, renderingLanguage } from "@/lib/domain/languages";
import type { NeedsPersonFlag } from "@/lib/domain/needs-person";
import type { Prisma } from "@/lib/generated/prisma/client";
import {
  type CustomerMessageAuthor,
  deliverCustomerMessage,
} from "@/lib/server/services/conversations/deliver-customer-message";
import { flagForPerson } from "@/lib/server/services/conversations/flag-for-person";

/*
 * The agent stops and a person answers: the conversation is flagged for the inbox, and the
 * customer is told in their language (English for one Countersign does not speak) that a person
 * will answer. Told once per flag: a conversation already waiting for a person gets the newest
 * reason and no second message. The caller's transaction holds both.
 */
export async function handOffToPerson(
  tx: Prisma.TransactionClient,
  input: {
    conversationId: string;
    flag: NeedsPersonFlag;
    author: CustomerMessageAuthor;
    dedupeKey: string;
    now: Date;
  },
): Promise<{ customerTold: boolean }> {
  const conversation = await tx.conversation.findUniqueOrThrow({
    where: { id: input.conversationId },
    select: {
      id: true,
      channel: true,
      subject: true,
      language: true,
      languageSource: true,
      needsPersonKind: true,
      customer: { select: { email: true } },
    },
  });
  const alreadyWaiting = conversation.needsPersonKind !== null;
  await flagForPerson(tx, {
    conversationId: conversation.id,
    flag: input.flag,
    actor: SYSTEM_ACTOR,
    now: input.now,
  });
  if (alreadyWaiting) return { customerTold: false };
  const language = renderingLanguage({
    code: conversation.language,
    source: languageSourceSchema.safeParse(conversation.languageSource).data ?? null,
  });
  const words = translator(HANDOFF_CATALOGS, language)("person_will_answer");
  await deliverCustomerMessage(tx, {
    conversation: {
      id: conversation.id,
      channel: conversation.channel,
      subject: conversation.subject,
      customerEmail: conversation.customer.email,
    },
    author: input.author,
    body: `${words}\n\n${SUPPORT_SIGNATURE}`,
    dedupeKey: input.dedupeKey,
    now: input.now,
  });
  return { customerTold: true };
}
