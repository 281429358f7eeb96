import type { Language } from "../languages";
import { GERMAN } from "./de";
import { SPANISH } from "./es";
import { FRENCH } from "./fr";
import { ITALIAN } from "./it";
import { JAPANESE } from "./ja";
import type { LanguageLexicon } from "./lexicon";
import { DUTCH } from "./nl";
import { PORTUGUESE } from "./pt";

export type { LanguageLexicon } from "./lexicon";

/** Every supported language but English (whose words live in money-talk.ts and its neighbours). */
export type LexiconLanguage = Exclude<Language, "en">;

export const LANGUAGE_LEXICONS: Readonly<Record<LexiconLanguage, LanguageLexicon>> = {
  es: SPANISH,
  de: GERMAN,
  fr: FRENCH,
  pt: PORTUGUESE,
  it: ITALIAN,
  nl: DUTCH,
  ja: JAPANESE,
};

export const LEXICON_LANGUAGES = Object.keys(LANGUAGE_LEXICONS) as LexiconLanguage[];

/** Lower case, Latin accents dropped, one kind of apostrophe and space: the form entries are written in. */
export function foldForLexicon(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/gu, "")
    .normalize("NFC")
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc]/gu, "'")
    .replace(/\s+/gu, " ");
}

export type LexiconCategory = "moneyOrOutcome" | "time" | "proportion" | "currency" | "amountWords";

export type LexiconMatcher = {
  /** Which categories of the lexicon a text (folded or not) mentions. */
  categories(text: string): LexiconCategory[];
};

const CATEGORIES: readonly LexiconCategory[] = [
  "moneyOrOutcome",
  "time",
  "proportion",
  "currency",
  "amountWords",
];

const NOT_WORD = "(?![\\p{L}\\p{N}])";

// What a compound carries inside it: "Rückzahlung", "uitbetaald".
const COMPOUNDING: readonly LexiconCategory[] = ["moneyOrOutcome"];

const NOTHING = /(?!)/u;

const WORD_START = "(?<![\\p{L}\\p{N}])";

function compile(lexicon: LanguageLexicon, entries: readonly string[], inWords: boolean): RegExp {
  if (entries.length === 0) return NOTHING;
  if (lexicon.script === "japanese") return new RegExp(entries.join("|"), "u");
  const alternatives = entries.map((entry) =>
    entry.endsWith("$")
      ? `${WORD_START}${entry.slice(0, -1)}${NOT_WORD}`
      : `${inWords ? "" : WORD_START}${entry}`,
  );
  return new RegExp(`(?:${alternatives.join("|")})`, "u");
}

function matcher(lexicon: LanguageLexicon): LexiconMatcher {
  const patterns = CATEGORIES.map(
    (category) =>
      [
        category,
        compile(
          lexicon,
          lexicon[category],
          lexicon.compounds === true && COMPOUNDING.includes(category),
        ),
      ] as const,
  );
  const greetings = lexicon.greetings.map(
    (greeting) => new RegExp(`(?<![\\p{L}\\p{N}])${greeting}${NOT_WORD}`, "gu"),
  );
  const withoutGreetings = (text: string) =>
    greetings.reduce((rest, greeting) => rest.replace(greeting, " "), foldForLexicon(text));
  return {
    categories(text) {
      const folded = withoutGreetings(text);
      return patterns.filter(([, pattern]) => pattern.test(folded)).map(([category]) => category);
    },
  };
}

function byLanguage<T>(make: (lexicon: LanguageLexicon) => T): Record<LexiconLanguage, T> {
  return Object.fromEntries(
    LEXICON_LANGUAGES.map((language) => [language, make(LANGUAGE_LEXICONS[language])]),
  ) as Record<LexiconLanguage, T>;
}

export const LEXICON_MATCHERS: Readonly<Record<LexiconLanguage, LexiconMatcher>> =
  byLanguage(matcher);

// Entries of at least this many letters (Han and kana: two) rarely mean something else in a
// neighbouring language.
const MIN_DISTINCTIVE_LETTERS = { latin: 4, japanese: 2 } as const;

function distinctive(lexicon: LanguageLexicon, entries: readonly string[]): string[] {
  return entries.filter(
    (entry) =>
      (entry.match(/\p{L}/gu) ?? []).length >= MIN_DISTINCTIVE_LETTERS[lexicon.script] ||
      !/^[\p{L}' -]+\$?$/u.test(entry),
  );
}

/** The lexicons without their shortest entries, for reading another language's sentences. */
export const DISTINCTIVE_MATCHERS: Readonly<Record<LexiconLanguage, LexiconMatcher>> = byLanguage(
  (lexicon) =>
    matcher({
      ...lexicon,
      // Inside another language's words a stem is a coincidence ("transtorno", "responderá").
      compounds: undefined,
      moneyOrOutcome: distinctive(lexicon, lexicon.moneyOrOutcome),
      currency: distinctive(lexicon, lexicon.currency),
      amountWords: distinctive(lexicon, lexicon.amountWords),
    }),
);

/** The language's commonest words (folded), for telling its sentences from others. */
export const COMMON_WORDS: Readonly<Record<LexiconLanguage, ReadonlySet<string>>> = byLanguage(
  (lexicon) => new Set(lexicon.commonWords),
);
