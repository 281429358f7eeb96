import type { Language } from "../languages";
import { GERMAN } from "./de";
import { ENGLISH } from "./en";
import { SPANISH } from "./es";
import { FRENCH } from "./fr";
import { ITALIAN } from "./it";
import { JAPANESE } from "./ja";
import type { ConsentLexicon } from "./lexicon";
import { DUTCH } from "./nl";
import { PORTUGUESE } from "./pt";

/** Every supported language's consent grammar, read by the one classifier engine. */
export const CONSENT_LEXICONS: Readonly<Record<Language, ConsentLexicon>> = {
  en: ENGLISH,
  es: SPANISH,
  de: GERMAN,
  fr: FRENCH,
  pt: PORTUGUESE,
  it: ITALIAN,
  nl: DUTCH,
  ja: JAPANESE,
};
