import { LANGUAGE_NAMES, type Language } from "@/lib/domain/languages";
import { checkMessageReadability } from "@/lib/domain/message-readability";
import { ToolError } from "./tool-types";

/** The tool error's code when a reply failed the readability check; the loop counts them. */
export const UNREADABLE_REPLY = "unreadable_reply";

/*
 * Nothing a customer could not read is sent: a reply that fails the readability check
 * (lib/domain/message-readability.ts) is refused with the reasons, for the model to write again.
 * The turn loop hands the conversation to a person after the second refusal in a run.
 */
export function refuseUnreadable(
  text: string,
  previousAgentMessage: string | null,
  language: Language,
): void {
  const check = checkMessageReadability(text, { previousAgentMessage, language });
  if (check.ok) return;
  const written = language === "en" ? "English" : LANGUAGE_NAMES[language].english;
  throw new ToolError(
    `Not sent: a customer could not read this message. Write it again as plain ${written} sentences about their request, without repeating your previous message.`,
    { code: UNREADABLE_REPLY, problems: check.problems },
  );
}
