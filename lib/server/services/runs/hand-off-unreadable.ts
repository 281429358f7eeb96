import "server-only";
import { UNREADABLE_REPLY } from "@/lib/agent/tools/refuse-unreadable";
import { SUPPORT_SIGNATURE } from "@/lib/agent/tools/send-customer-message.tool";
import type { ToolContext } from "@/lib/agent/tools/tool-types";
import { SYSTEM_ACTOR } from "@/lib/domain/actor";
import { HANDOFF_CATALOGS } from "@/lib/domain/catalogs/handoff";
import { translator } from "@/lib/domain/i18n";
import { type Language, renderingLanguage } from "@/lib/domain/languages";
import type { Prisma, PrismaClient, RunStep } from "@/lib/generated/prisma/client";
import { deliverCustomerMessage } from "@/lib/server/services/conversations/deliver-customer-message";
import { flagForPerson } from "@/lib/server/services/conversations/flag-for-person";

/** Refused replies in one run before the conversation goes to a person. */
export const UNREADABLE_REPLIES_BEFORE_HAND_OFF = 2;

// Written by code, not the model: the customer is told a person will answer, and nothing more.
export const HOLDING_REPLY =
  "Thank you for your message. A member of our team will read it and reply to you here.";

/** The holding reply in the conversation's rendering language; English keeps its own words. */
function holdingReplyIn(language: Language): string {
  return language === "en"
    ? HOLDING_REPLY
    : translator(HANDOFF_CATALOGS, language)("person_will_answer");
}

async function renderingLanguageOf(
  tx: Prisma.TransactionClient,
  conversationId: string,
): Promise<Language> {
  const { language } = await tx.conversation.findUniqueOrThrow({
    where: { id: conversationId },
    select: { language: true },
  });
  return renderingLanguage({ code: language, source: null });
}

export function unreadableRepliesIn(steps: readonly RunStep[]): number {
  return steps.filter(
    (step) =>
      step.kind === "tool_result" &&
      step.toolName === "send_customer_message" &&
      step.isError &&
      (step.toolResult as { code?: unknown } | null)?.code === UNREADABLE_REPLY,
  ).length;
}

/*
 * The model could not write a reply a customer can read: the customer gets a code-written holding
 * reply and the conversation is flagged for a person, in one transaction (each audited).
 */
export async function handOffUnreadable(
  db: PrismaClient,
  runId: string,
  conversation: ToolContext["conversation"],
): Promise<void> {
  const now = new Date();
  await db.$transaction(async (tx) => {
    await flagForPerson(tx, {
      conversationId: conversation.id,
      flag: {
        kind: "unreadable_reply",
        reason: `The agent's replies failed the readability check ${UNREADABLE_REPLIES_BEFORE_HAND_OFF} times in one run; the customer was told a person will reply.`,
      },
      actor: SYSTEM_ACTOR,
      now,
    });
    await deliverCustomerMessage(tx, {
      conversation,
      author: { kind: "system" },
      body: `${holdingReplyIn(await renderingLanguageOf(tx, conversation.id))}\n\n${SUPPORT_SIGNATURE}`,
      dedupeKey: `unreadable-hand-off:${runId}`,
      now,
    });
  });
}
