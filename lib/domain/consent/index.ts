import type { Language } from "../languages";
import { ENGLISH } from "./en";
import { SPANISH } from "./es";
import type { ConsentLexicon } from "./lexicon";

/** Every supported language's consent grammar. */
export const CONSENT_LEXICONS: Readonly<Record<Language, ConsentLexicon>> = {
  en: ENGLISH,
  es: SPANISH,
  de: SPANISH,
  fr: SPANISH,
  pt: SPANISH,
  it: SPANISH,
  nl: SPANISH,
  ja: SPANISH,
};
