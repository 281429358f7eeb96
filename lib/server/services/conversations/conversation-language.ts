import "server-only";
import { z } from "zod";
import type { Actor } from "@/lib/domain/actor";
import { detectLanguage } from "@/lib/domain/detect-language";
import { type Language, type LanguageSource, languageSchema } from "@/lib/domain/languages";
import type { Prisma } from "@/lib/generated/prisma/client";
import { appendAuditEvents } from "@/lib/server/audit/append-audit-events";
import { publishRealtime } from "@/lib/server/realtime/publish";
import { requireConversationInStaffWorkspaces } from "@/lib/server/services/workspaces/staff-workspaces";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import { lockConversation, staffActorOf } from "./conversation-work";

const CODE_NOTE_LINE = /^\[[^\]\n]*\]$/gmu;

/** The customer's words the detector reads: their first messages, up to this much text. */
const DETECTION_SAMPLE_CHARS = 1_000;

/*
 * Locks a conversation's language from what its customer has written so far, once the detector
 * is sure (detect-language.ts). Runs in the transaction that stores a customer message, after the
 * conversation row is locked. A language once set is kept: detection never changes its own
 * answer, nor one the customer or staff chose.
 */
export async function settleLanguageFromCustomerText(
  tx: Prisma.TransactionClient,
  input: {
    conversation: { id: string; customerId: string; language: string | null };
    now: Date;
  },
): Promise<void> {
  const { conversation } = input;
  if (conversation.language !== null) return;
  const [messages, lines] = await Promise.all([
    tx.message.findMany({
      where: { conversationId: conversation.id, authorKind: "customer" },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: { body: true },
      take: 10,
    }),
    // The store names the customer's things in its own language: the detector skips them.
    tx.orderLine.findMany({
      where: { order: { customerId: conversation.customerId } },
      select: { name: true },
      distinct: ["name"],
      take: 200,
    }),
  ]);
  const sample = messages
    // A line code added to the message ("[Files not accepted: …]") is not the customer's.
    .map((message) => message.body.replace(CODE_NOTE_LINE, ""))
    .join("\n")
    .slice(0, DETECTION_SAMPLE_CHARS);
  const detection = detectLanguage(
    sample,
    lines.map((line) => line.name),
  );
  if (detection.kind === "unsure") return;
  const code = detection.kind === "supported" ? detection.language : detection.code;
  await writeLanguage(tx, {
    conversationId: conversation.id,
    code,
    previous: null,
    source: "detected",
    actor: { type: "system" },
    now: input.now,
  });
}

export const setConversationLanguageSchema = z.object({ language: languageSchema });

/** A member of staff sets the language the customer is answered in. */
export async function setConversationLanguageByStaff(
  input: {
    conversationId: string;
    staff: { id: string; role: "agent" | "approver" | "admin" };
    language: Language;
  },
  context: Pick<UseCaseContext, "db" | "now">,
): Promise<{ language: Language }> {
  await requireConversationInStaffWorkspaces(context.db, {
    conversationId: input.conversationId,
    staffUserId: input.staff.id,
  });
  return context.db.$transaction(async (tx) => {
    await chooseLanguage(tx, {
      conversationId: input.conversationId,
      language: input.language,
      source: "staff",
      actor: staffActorOf(input.staff),
      now: context.now(),
    });
    return { language: input.language };
  });
}

/** The customer (or staff) chose a language: it replaces whatever was there, detected or not. */
export async function chooseLanguage(
  tx: Prisma.TransactionClient,
  input: {
    conversationId: string;
    language: Language;
    source: Exclude<LanguageSource, "detected">;
    actor: Actor;
    now: Date;
  },
): Promise<void> {
  const conversation = await lockConversation(tx, input.conversationId);
  if (conversation.language === input.language && conversation.languageSource !== "detected") {
    return;
  }
  await writeLanguage(tx, {
    conversationId: input.conversationId,
    code: input.language,
    previous: conversation.language,
    source: input.source,
    actor: input.actor,
    now: input.now,
  });
}

async function writeLanguage(
  tx: Prisma.TransactionClient,
  input: {
    conversationId: string;
    code: string;
    previous: string | null;
    source: LanguageSource;
    actor: Actor;
    now: Date;
  },
): Promise<void> {
  await tx.conversation.update({
    where: { id: input.conversationId },
    data: { language: input.code, languageSource: input.source },
  });
  await publishRealtime(tx, {
    topic: "ticket.changed",
    conversationId: input.conversationId,
    payload: { language: { code: input.code, source: input.source } },
  });
  await appendAuditEvents(tx, [
    {
      kind: "conversation.language_set",
      subjectType: "conversation",
      subjectId: input.conversationId,
      actor: input.actor,
      occurredAt: input.now,
      payload: {
        conversationId: input.conversationId,
        language: input.code,
        previous: input.previous,
        source: input.source,
      },
    },
  ]);
}
