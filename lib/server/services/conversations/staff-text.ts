import { z } from "zod";
import { MAX_MESSAGE_CHARS } from "@/lib/domain/message-limits";
import { normalizeMessageText } from "@/lib/domain/normalize-message-text";
import { describeUnstorableText, findUnstorableText } from "@/lib/domain/storable-text";

/*
 * One rule for text a person types into a ticket (reply or note): at most as long as a customer
 * message, storable as typed, and reduced to plain text with safe markdown before it is stored,
 * so a note or reply wrapped in HTML shows staff exactly what is kept (and, for a reply, sent).
 */
export const MAX_STAFF_TEXT_CHARS = MAX_MESSAGE_CHARS;

export const staffTextSchema = z
  .string()
  .max(MAX_STAFF_TEXT_CHARS, `At most ${MAX_STAFF_TEXT_CHARS} characters.`)
  .superRefine((text, context) => {
    const unstorable = findUnstorableText(text);
    if (unstorable)
      context.addIssue({ code: "custom", message: `Text ${describeUnstorableText(unstorable)}.` });
  })
  .transform(normalizeMessageText)
  .refine((text) => text !== "", "Write something first.");
