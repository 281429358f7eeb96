import { DEFAULT_LANGUAGE, isSupportedLanguage, type Language } from "./languages";

/**
 * The grammar a customer's typed answer is read with: English until the conversation's
 * language is known (as before languages existed), the conversation's language when
 * Countersign has a grammar for it, and none (null) for any other language, whose customers
 * answer a quote with its buttons only.
 */
export function consentLanguage(conversationLanguageCode: string | null): Language | null {
  if (conversationLanguageCode === null) return DEFAULT_LANGUAGE;
  return isSupportedLanguage(conversationLanguageCode) ? conversationLanguageCode : null;
}
