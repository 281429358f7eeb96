import "server-only";
import { z } from "zod";
import { type Language, languageSchema } from "@/lib/domain/languages";
import type { Prisma } from "@/lib/generated/prisma/client";
import { chooseLanguage } from "@/lib/server/services/conversations/conversation-language";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import type { WidgetSession } from "./resolve-widget-session";

export const chooseWidgetLanguageSchema = z.object({ language: languageSchema });

/**
 * The customer picked a language in the widget: their conversation is answered in it from now
 * on, and no detection overrules it. A pick of the language already chosen changes nothing.
 */
export async function chooseWidgetLanguage(
  input: { session: WidgetSession; language: Language },
  context: Pick<UseCaseContext, "db" | "now">,
): Promise<{ language: Language }> {
  const now = context.now();
  await context.db.$transaction((tx) =>
    applyCustomerLanguage(tx, {
      conversationId: input.session.conversationId,
      customerId: input.session.customerId,
      language: input.language,
      now,
    }),
  );
  return { language: input.language };
}

/** The customer's own choice of language for their conversation, inside the caller's transaction. */
export function applyCustomerLanguage(
  tx: Prisma.TransactionClient,
  input: { conversationId: string; customerId: string; language: Language; now: Date },
): Promise<void> {
  return chooseLanguage(tx, {
    conversationId: input.conversationId,
    language: input.language,
    source: "customer",
    actor: { type: "customer", customerId: input.customerId },
    now: input.now,
  });
}
