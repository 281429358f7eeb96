import { detectAll } from "tinyld/light";
import { isSupportedLanguage, type Language, SUPPORTED_LANGUAGES } from "./languages";
import { withoutNames } from "./without-names";

/*
 * Which language a customer writes in, from their first messages. tinyld (light profile: pure
 * JavaScript, about 11 MB in memory, reliable on chat-length sentences) ranks languages; this
 * module decides when the ranking is sure enough to act on. Unsure is the default: a
 * conversation keeps English until its customer has written enough to tell, and a language is
 * called unsupported only when the text is clearly in one language and clearly in none of ours.
 */

export type LanguageDetection =
  | { kind: "supported"; language: Language }
  | { kind: "unsupported"; code: string }
  | { kind: "unsure" };

/** Fewer letters than this say too little: "ok", "hola", "ja bitte". */
const MIN_LETTERS = 14;
/** How sure the ranking must be before a language outside ours is named. */
const MIN_UNSUPPORTED_ACCURACY = 0.5;
/** …and how weak the best of ours must be beside it. */
const MAX_SUPPORTED_ACCURACY_BESIDE_UNSUPPORTED = 0.2;
/** How far the best of ours must lead the next of ours. */
const MIN_MARGIN = 1.25;
/** Only this much of the text is read: the first messages decide. */
const MAX_CHARS = 1_000;

// Kana are Japanese alone; Han characters are shared with Chinese, so they are left to tinyld.
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
const LETTER = /\p{L}/gu;
// Scripts none of the supported languages is written in (Cyrillic, Arabic, Hangul, …).
const OTHER_SCRIPT =
  /[^\p{Script=Latin}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Common}\p{Script=Inherited}]/u;

/**
 * `storeNames` are the names of the customer's products as the store writes them ("Rain
 * jacket"): they are in the store's language, not the customer's, so they are left out.
 */
export function detectLanguage(
  text: string,
  storeNames: readonly string[] = [],
): LanguageDetection {
  const sample = withoutNames(text.slice(0, MAX_CHARS), storeNames);
  const letters = sample.match(LETTER)?.length ?? 0;
  if (KANA.test(sample) && letters >= 2) return { kind: "supported", language: "ja" };
  if (letters < MIN_LETTERS) return { kind: "unsure" };
  const ranked = detectAll(sample);
  const top = ranked[0];
  if (OTHER_SCRIPT.test(sample)) {
    if (!top || isSupportedLanguage(top.lang)) return { kind: "unsure" };
    return { kind: "unsupported", code: top.lang };
  }
  const ranking = detectAll(sample, { only: [...SUPPORTED_LANGUAGES] });
  const [ours, runnerUp] = ranking;
  if (!top || !ours) return { kind: "unsure" };
  if (
    !isSupportedLanguage(top.lang) &&
    top.accuracy >= MIN_UNSUPPORTED_ACCURACY &&
    ours.accuracy <= MAX_SUPPORTED_ACCURACY_BESIDE_UNSUPPORTED
  ) {
    return { kind: "unsupported", code: top.lang };
  }
  // The ranking over every language agrees, or among ours the best stands clear of the next.
  const clear =
    top.lang === ours.lang || !runnerUp || ours.accuracy >= MIN_MARGIN * runnerUp.accuracy;
  // Answering an English speaker in another language costs more than answering anyone in
  // English, which is what unsure means: another language must also stand clear of English.
  const english = ranking.find((entry) => entry.lang === "en");
  const clearOfEnglish =
    ours.lang === "en" || !english || ours.accuracy >= MIN_MARGIN * english.accuracy;
  return clear && clearOfEnglish && isSupportedLanguage(ours.lang)
    ? { kind: "supported", language: ours.lang }
    : { kind: "unsure" };
}
