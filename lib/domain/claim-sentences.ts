import { foldForLexicon, LANGUAGE_LEXICONS } from "./language-lexicons";
import type { Language } from "./languages";

/*
 * Splitting customer-visible text into the sentences the claim check judges, and the key under
 * which two spellings of one sentence compare equal (case, Markdown, spacing, end punctuation).
 */

export type ClaimSentence = { text: string; question: boolean };

// Latin sentence ends need a space after them ("$12.60", "80,10 €" and "e.g.x" stay whole);
// Japanese ends (。！？, or ! ? written half-width) need none.
const SENTENCE_END =
  /(?<=[.!?…])["'”’)\]*_]*\s+|(?<=[。！？])[」』"'”’)\]*_]*\s*|(?<=[!?])(?=[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}])/u;

/** Lines first, then sentence ends; a decimal comma or point never ends a sentence. */
export function splitClaimSentences(text: string): string[] {
  return text
    .split(/\r?\n/u)
    .flatMap((line) => line.split(SENTENCE_END))
    .map((sentence) => stripMarkup(sentence).trim())
    .filter((sentence) => /[\p{L}\p{N}\p{Sc}%]/u.test(sentence));
}

/** The sentence as compared: lower case, no Markdown, single spaces, no end punctuation. */
export function sentenceKey(sentence: string): string {
  return stripMarkup(normaliseClaimText(sentence))
    .toLowerCase()
    .replace(/\s+/gu, " ")
    .replace(/^[\s¿¡]+/u, "")
    .replace(/[\s.!?…。！？]+$/u, "")
    .trim();
}

export function normaliseClaimText(text: string): string {
  return text
    .normalize("NFKC")
    .replace(/[\u2018\u2019\u02bc]/gu, "'")
    .replace(/[\u201c\u201d]/gu, '"')
    .replace(/[\u200b-\u200d\u2060\u00ad\ufeff]/gu, "");
}

function stripMarkup(text: string): string {
  return text
    .replace(/^\s*(?:[-*+>#]+|[0-9]+[.)])\s+/u, "")
    .replace(/\*\*|__|`/gu, "")
    .replace(/^\s*>\s?/u, "");
}

const CONTINUATION =
  /^(?:[\p{Ll}]|[-–—…,;:)]|(?:and|but|or|so|which|that|it|it's|its|this|these|those|they|they're|they've|he|she|has|have|had|was|were|is|are|will|would|should|also|then|plus|as well|too)\b)/u;

/**
 * A sentence that leans on the one before it ("…the jacket." "It has been paid."), in English or
 * in the conversation's language ("Y ya está pagado.", "それは完了しました。").
 */
export function continuesPrevious(sentence: string, language: Language = "en"): boolean {
  const trimmed = sentence.trim();
  if (CONTINUATION.test(trimmed) || /^(?:it|this|that|they)\b/iu.test(trimmed)) return true;
  if (language === "en") return false;
  const lexicon = LANGUAGE_LEXICONS[language];
  const start = foldForLexicon(trimmed).replace(/^[¿¡"'«\s]+/u, "");
  return lexicon.continuations.some(
    (word) =>
      start.startsWith(word) &&
      (lexicon.script === "japanese" || !/^[\p{L}\p{N}]/u.test(start.slice(word.length))),
  );
}

/** A sentence cut off without its end: the next one may finish it. */
export function isUnfinished(sentence: string): boolean {
  return !/[.!?…:"”')\]。！？」』]\s*$/u.test(sentence.trim());
}
