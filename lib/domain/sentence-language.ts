import { detectAll } from "tinyld/light";
import {
  COMMON_WORDS,
  foldForLexicon,
  LANGUAGE_LEXICONS,
  LEXICON_LANGUAGES,
  type LexiconLanguage,
} from "./language-lexicons";
import type { Language } from "./languages";

/*
 * Which sentences the claim check can read: in a conversation in language L, sentences in L or
 * in English. A sentence too short to tell ("¡Hola Sam!") is read as either; a sentence in a
 * third language or script is not.
 */

const ENGLISH_FUNCTION_WORDS = new Set(
  "the a an your you i we it is are was were to of for and or on in this that my our be will has have had can with at by me us please thanks thank hi hello yes no not do does did i'm i'll i've i'd you're you'll you've it's we'll we've we're don't can't won't isn't what which how".split(
    " ",
  ),
);

/**
 * True when the sentence is not plain English the check can read: another script, or a sentence
 * of several words that hardly uses English's commonest words. An accented name in an English
 * sentence does not make it foreign.
 */
export function isForeignText(sentence: string): boolean {
  if (/[^\p{Script=Latin}\p{Script=Common}\p{Script=Inherited}]/u.test(sentence)) return true;
  const words = sentence.toLowerCase().match(/[\p{L}\p{M}']+/gu) ?? [];
  if (words.length < 3) return false;
  const english = words.filter((word) => ENGLISH_FUNCTION_WORDS.has(word)).length;
  return english === 0 || (words.length >= 4 && english / words.length < 0.2);
}

const JAPANESE_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
const HAN = /\p{Script=Han}/gu;
const NOT_JAPANESE_OR_LATIN =
  /[^\p{Script=Latin}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Common}\p{Script=Inherited}]/u;
const NOT_LATIN = /[^\p{Script=Latin}\p{Script=Common}\p{Script=Inherited}]/u;
// Han without kana is Chinese more often than Japanese, past a name or a word or two.
const MAX_HAN_WITHOUT_KANA = 3;
// Below this share of the language's (or English's) common words, several words are not its prose.
const MIN_OWN_SHARE = 0.2;

/** The sentence is written in `language` or in English, or is too short to tell. */
export function readsAsConversationLanguage(sentence: string, language: Language): boolean {
  if (language === "en") return !isForeignText(sentence);
  if (LANGUAGE_LEXICONS[language].script === "japanese") return readsAsJapanese(sentence);
  if (NOT_LATIN.test(sentence)) return false;
  return readsAsLatinLanguage(sentence, language);
}

// A Latin-script sentence in a conversation in `language` (or in Japanese, whose Latin sentences
// must be English): enough of its own or English's common words, and more of them than of
// another language's.
function readsAsLatinLanguage(sentence: string, language: LexiconLanguage): boolean {
  const words = latinWords(sentence);
  if (words.length < 3) return true;
  const isOwn = (word: string) =>
    COMMON_WORDS[language].has(word) || ENGLISH_FUNCTION_WORDS.has(word);
  const isOthers = (word: string) =>
    LEXICON_LANGUAGES.some((other) => other !== language && COMMON_WORDS[other].has(word));
  const ownCount = words.filter(isOwn).length;
  // Related languages share many small words ("de", "que", "a"): only a word one side has alone
  // tells them apart.
  const ownAlone = words.filter((word) => isOwn(word) && !isOthers(word)).length;
  const othersAlone = words.filter((word) => isOthers(word) && !isOwn(word)).length;
  if (ownCount === 0 || othersAlone > ownAlone) return false;
  if (words.length >= 4 && ownCount / words.length < MIN_OWN_SHARE) return false;
  return !ranksAsThirdLanguage(sentence, language, ownAlone === 0 ? UNDECIDED : DECIDED);
}

// Letters enough for the detector's ranking to mean something ("¿Qué talla pediste?" is not).
const MIN_LETTERS_TO_RANK = 14;
// How sure the detector must be of another language, and how far ahead of the conversation's own
// and English: on a sentence its ranking is often a near tie between neighbours. When no word is
// the conversation's language's alone, a smaller lead is enough.
type RankingBar = { minAccuracy: number; minLead: number };
const DECIDED: RankingBar = { minAccuracy: 0.3, minLead: 1.5 };
const UNDECIDED: RankingBar = { minAccuracy: 0, minLead: 1.2 };
const RANKED: readonly Language[] = ["en", ...LEXICON_LANGUAGES];

/*
 * The common-word count cannot tell "Entiendo, lo reviso ahora" from Italian: none of its words
 * is Spanish's alone. Letter patterns can: the detector (detect-language.ts uses it too) names a
 * third language when it clearly leads.
 */
function ranksAsThirdLanguage(
  sentence: string,
  language: LexiconLanguage,
  bar: RankingBar,
): boolean {
  if ((sentence.match(/\p{L}/gu) ?? []).length < MIN_LETTERS_TO_RANK) return false;
  const ranked = detectAll(sentence, { only: [...RANKED] });
  const [top] = ranked;
  if (!top || top.lang === language || top.lang === "en") return false;
  const own = Math.max(
    0,
    ...ranked
      .filter(({ lang }) => lang === language || lang === "en")
      .map(({ accuracy }) => accuracy),
  );
  return top.accuracy >= bar.minAccuracy && top.accuracy >= bar.minLead * own;
}

const UNSPACED_LETTER =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/gu;
// A greeting's length: in scripts written without spaces, letters stand in for words.
const MAX_GREETING_WORDS = 3;
const MAX_GREETING_UNSPACED_LETTERS = 4;

/** A sentence in another language or script than these, longer than a greeting. */
export function isUnreadableProse(sentence: string, language: Language = "en"): boolean {
  if (readsAsConversationLanguage(sentence, language)) return false;
  const words = (sentence.match(/[\p{L}\p{M}']+/gu) ?? []).length;
  if (words > MAX_GREETING_WORDS) return true;
  // English conversations keep their original reading, which counted words only.
  return (
    language !== "en" &&
    (sentence.match(UNSPACED_LETTER) ?? []).length > MAX_GREETING_UNSPACED_LETTERS
  );
}

function readsAsJapanese(sentence: string): boolean {
  if (NOT_JAPANESE_OR_LATIN.test(sentence)) return false;
  if (!JAPANESE_SCRIPT.test(sentence)) return readsAsLatinLanguage(sentence, "ja");
  return KANA.test(sentence) || (sentence.match(HAN) ?? []).length <= MAX_HAN_WITHOUT_KANA;
}

// Elisions ("l'article", "dell'ordine") split into their words.
function latinWords(sentence: string): string[] {
  return foldForLexicon(sentence).match(/\p{L}+/gu) ?? [];
}
