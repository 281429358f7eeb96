import { COMMON_ENGLISH_WORDS } from "./common-english-words";
import { COMMON_WORDS, foldForLexicon } from "./language-lexicons";
import { isSupportedLanguage, LANGUAGE_NAMES, type Language } from "./languages";

/*
 * Whether a message a customer would read is readable at all: written in the conversation's
 * language and script, mostly words, not a stutter, not the previous message again. It knows
 * nothing about what the message claims (check-customer-message-claims.ts does that); it stops
 * what a weak or broken model emits (token salad, mixed scripts, a loop) before a customer sees it.
 *
 * Default deny: the text must show the signs of the language, not merely avoid known kinds of
 * junk. A message is held to the conversation's rendering language, or English (which the
 * agent falls back to and every customer here is offered); a language the check does not know
 * fails rather than passing unchecked.
 */

export type ReadabilityProblemCode =
  | "unsupported_language"
  | "no_words"
  | "wrong_script"
  | "not_words"
  | "repetitive"
  | "repeats_previous";

export type ReadabilityProblem = { code: ReadabilityProblemCode; detail: string };

export type ReadabilityContext = {
  /** The conversation's rendering language (ISO 639-1); English unless the conversation records another. */
  language?: string;
  /** The last message the agent sent in this conversation, if any. */
  previousAgentMessage?: string | null;
};

export type ReadabilityResult = { ok: true } | { ok: false; problems: ReadabilityProblem[] };

// A message is refused below these; each is far from what a person writes.
const MIN_LATIN_SHARE = 0.95;
const MIN_LETTER_SHARE = 0.55;
const MIN_SHAPED_SHARE = 0.8;
const MIN_SCORE = 0.85;
// Real English runs about 40-50% common words; this much earns the signal's full weight.
const FULL_COMMON_SHARE = 0.3;
const MAX_SAME_TOKEN_SHARE = 0.4;
const SAME_AS_PREVIOUS = 0.9;
// Japanese prose is about half kana (particles, endings): kanji alone, or kanji and katakana
// pieces, are not sentences.
const MIN_KANA_SHARE = 0.2;

export function checkMessageReadability(
  text: string,
  context: ReadabilityContext = {},
): ReadabilityResult {
  const language = context.language ?? "en";
  if (!isSupportedLanguage(language)) {
    return fail([
      {
        code: "unsupported_language",
        detail: `Messages in "${context.language}" cannot be checked for readability yet.`,
      },
    ]);
  }
  const prose = withoutAddresses(text);
  const tokens = prose
    .split(/\s+/)
    .map((token) => token.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ""))
    .filter((token) => token !== "");
  const wordish = tokens.filter((token) => !/\p{N}/u.test(token));
  // Japanese runs words together, digits and all: its letters are its words.
  const japanese = language === "ja" && JAPANESE_LETTER.test(prose);
  if (wordish.length === 0 && !japanese) {
    return fail([{ code: "no_words", detail: "The message has no words, only numbers or signs." }]);
  }
  const problems = japanese
    ? japaneseProblems(prose, wordish)
    : latinProblems(prose, wordish, language);

  const repeated = japanese
    ? repeatedRun(prose)
    : repeatedToken(tokens.map((token) => token.toLowerCase()));
  if (repeated) {
    problems.push({ code: "repetitive", detail: `"${repeated}" is repeated over and over.` });
  }

  const previous = context.previousAgentMessage;
  if (previous && repeats(previous, text)) {
    problems.push({
      code: "repeats_previous",
      detail: "The message repeats the previous message to the customer. Say something new.",
    });
  }
  return problems.length === 0 ? { ok: true } : fail(problems);
}

// Written in Latin script: the conversation's language's common words count, and English's.
function latinProblems(
  prose: string,
  wordish: readonly string[],
  language: Language,
): ReadabilityProblem[] {
  const problems: ReadabilityProblem[] = [];
  const letters = [...prose].filter((char) => /\p{L}/u.test(char));
  const latin = letters.filter((char) => /\p{Script=Latin}/u.test(char));
  const named = languageName(language);
  if (latin.length < letters.length * MIN_LATIN_SHARE) {
    const foreign = [...new Set(letters.filter((char) => !/\p{Script=Latin}/u.test(char)))];
    problems.push({
      code: "wrong_script",
      detail: `The conversation is in ${named}, but the message has letters of other scripts: ${foreign.slice(0, 8).join(" ")}.`,
    });
  }

  const isCommon = commonWordTest(language);
  const visible = [...prose].filter((char) => !/\s/u.test(char));
  const shaped = wordish.filter((token) => isWordShaped(token, language));
  const common = wordish.filter(isCommon);
  const shapedShare = shaped.length / wordish.length;
  const commonSignal = Math.min(1, common.length / wordish.length / FULL_COMMON_SHARE);
  const score = 0.6 * shapedShare + 0.4 * commonSignal;
  const tooShortToJudge = wordish.length <= 3 && common.length === 0;
  if (
    letters.length < visible.length * MIN_LETTER_SHARE ||
    shapedShare < MIN_SHAPED_SHARE ||
    score < MIN_SCORE ||
    tooShortToJudge
  ) {
    const odd = wordish.filter((token) => !isWordShaped(token, language)).slice(0, 5);
    problems.push({
      code: "not_words",
      detail: `The message does not read as ${named} sentences${odd.length > 0 ? ` (for example: ${odd.join(", ")})` : ""}.`,
    });
  }
  return problems;
}

// Script extensions, not scripts: the long-vowel mark ー and the repetition mark 々 are letters
// Unicode files under Common but only Japanese (and Chinese) writing uses.
const JAPANESE_LETTER =
  /[\p{Script_Extensions=Han}\p{Script_Extensions=Hiragana}\p{Script_Extensions=Katakana}]/u;

// Written in Japanese: its scripts (and Latin for names and order numbers), real kana, and any
// Latin words in it shaped like words.
function japaneseProblems(prose: string, wordish: readonly string[]): ReadabilityProblem[] {
  const problems: ReadabilityProblem[] = [];
  const letters = [...prose].filter((char) => /\p{L}/u.test(char));
  const foreign = [
    ...new Set(
      letters.filter((char) => !JAPANESE_LETTER.test(char) && !/\p{Script=Latin}/u.test(char)),
    ),
  ];
  if (foreign.length > 0) {
    problems.push({
      code: "wrong_script",
      detail: `The conversation is in Japanese, but the message has letters of other scripts: ${foreign.slice(0, 8).join(" ")}.`,
    });
  }
  const japanese = letters.filter((char) => JAPANESE_LETTER.test(char));
  const kana = japanese.filter((char) => /[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(char));
  const latinWords = wordish.filter((token) => /^\p{Script=Latin}+$/u.test(token));
  const oddLatin = latinWords.filter((token) => !isWordShaped(token, "en"));
  const visible = [...prose].filter((char) => !/\s/u.test(char));
  if (
    letters.length < visible.length * MIN_LETTER_SHARE ||
    kana.length < japanese.length * MIN_KANA_SHARE ||
    (latinWords.length > 0 && oddLatin.length > latinWords.length * (1 - MIN_SHAPED_SHARE))
  ) {
    problems.push({
      code: "not_words",
      detail: `The message does not read as Japanese sentences${oddLatin.length > 0 ? ` (for example: ${oddLatin.slice(0, 5).join(", ")})` : ""}.`,
    });
  }
  return problems;
}

function languageName(language: Language): string {
  return language === "en" ? "English" : `${LANGUAGE_NAMES[language].english} (or English)`;
}

function commonWordTest(language: Language): (token: string) => boolean {
  if (language === "en") return (token) => COMMON_ENGLISH_WORDS.has(token.toLowerCase());
  const words = COMMON_WORDS[language];
  return (token) =>
    COMMON_ENGLISH_WORDS.has(token.toLowerCase()) ||
    foldForLexicon(token)
      .split(/['’]/u)
      .some((part) => words.has(part));
}

function fail(problems: ReadabilityProblem[]): ReadabilityResult {
  return { ok: false, problems };
}

// Links and email addresses are read by the customer as they are, not as words.
function withoutAddresses(text: string): string {
  return text
    .replace(/\]\([^)]*\)/g, "]")
    .replace(/\b(?:https?:\/\/|www\.)\S+/gi, " ")
    .replace(/\S+@\S+\.\S+/g, " ");
}

// German and Dutch compounds run more consonants together ("Angstschweiß", "herfststorm").
const CONSONANT_RUN: Readonly<Record<Language, RegExp>> = {
  en: /[^aeiouyàáâäèéêëìíîïòóôöùúûü'’-]{6,}/u,
  es: /[^aeiouyàáâäèéêëìíîïòóôöùúûü'’-]{6,}/u,
  fr: /[^aeiouyàáâäèéêëìíîïòóôöùúûü'’-]{6,}/u,
  pt: /[^aeiouyàáâäèéêëìíîïòóôöùúûü'’-]{6,}/u,
  it: /[^aeiouyàáâäèéêëìíîïòóôöùúûü'’-]{6,}/u,
  ja: /[^aeiouyàáâäèéêëìíîïòóôöùúûü'’-]{6,}/u,
  de: /[^aeiouyàáâäèéêëìíîïòóôöùúûü'’-]{8,}/u,
  nl: /[^aeiouyàáâäèéêëìíîïòóôöùúûü'’-]{8,}/u,
};

/*
 * Shaped like a word of a Latin-script language: letters only (with inner apostrophes or
 * hyphens), a vowel unless it is a short acronym, no long consonant run, no letter three times
 * in a row, and no capital after a small letter inside it (token salad glues pieces together:
 * "feminPerson", "nearestBe").
 */
function isWordShaped(token: string, language: Language): boolean {
  if (!/^\p{L}+(?:['’-]\p{L}+)*$/u.test(token)) return false;
  if (COMMON_ENGLISH_WORDS.has(token.toLowerCase())) return true;
  if (/^\p{Lu}{2,5}$/u.test(token)) return true;
  const lower = token.toLowerCase();
  if (!/[aeiouyàáâäèéêëìíîïòóôöùúûü]/u.test(lower)) return false;
  if (CONSONANT_RUN[language].test(lower)) return false;
  if (/(\p{L})\1\1/u.test(lower)) return false;
  return !/\p{Ll}\p{Lu}/u.test(token);
}

// Japanese has no spaces to count tokens by: a run of two or more letters three times over.
function repeatedRun(prose: string): string | null {
  return /(\p{L}{2,}?)\1\1/u.exec(prose)?.[1] ?? null;
}

function repeatedToken(tokens: readonly string[]): string | null {
  for (let index = 2; index < tokens.length; index += 1) {
    const token = tokens[index] as string;
    if (token === tokens[index - 1] && token === tokens[index - 2]) return token;
  }
  if (tokens.length < 6) return null;
  const counts = new Map<string, number>();
  for (const token of tokens) counts.set(token, (counts.get(token) ?? 0) + 1);
  for (const [token, count] of counts) {
    if (count > tokens.length * MAX_SAME_TOKEN_SHARE && !COMMON_ENGLISH_WORDS.has(token)) {
      return token;
    }
  }
  return null;
}

/*
 * The new message says again what the previous one said: their word pairs (after case and
 * punctuation) are nearly the same, or nearly all of the new message's pairs were in the previous
 * one (a signature or greeting around it changes nothing). A short message ("Thanks!") is never a
 * repeat by containment: there is too little of it to tell.
 */
function repeats(previous: string, text: string): boolean {
  const before = wordPairs(previous);
  const now = wordPairs(text);
  if (before.size === 0 || now.size === 0) return false;
  const shared = [...now].filter((pair) => before.has(pair)).length;
  const jaccard = shared / (before.size + now.size - shared);
  return jaccard >= SAME_AS_PREVIOUS || (now.size >= 4 && shared / now.size >= SAME_AS_PREVIOUS);
}

// Han and kana count as words of their own: Japanese has no spaces between words.
function wordPairs(text: string): Set<string> {
  const words = text
    .toLowerCase()
    .replace(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu, " $& ")
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  return new Set(words.length < 2 ? words : words.slice(1).map((word, i) => `${words[i]} ${word}`));
}
