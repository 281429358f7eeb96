import { z } from "zod";
import { type Cents, formatMoney } from "./money";

/*
 * The languages Countersign speaks to customers: its consent grammars, claim check and message
 * catalogs exist for each of these and for no other. A conversation in any other language is
 * answered by a person (the agent hands it over), and code-rendered text falls back to English.
 */
export const SUPPORTED_LANGUAGES = ["en", "es", "de", "fr", "pt", "it", "nl", "ja"] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const languageSchema = z.enum(SUPPORTED_LANGUAGES);

export const DEFAULT_LANGUAGE: Language = "en";

/** Each language's name in English (for staff) and in itself (for the customer's picker). */
export const LANGUAGE_NAMES: Readonly<Record<Language, { english: string; native: string }>> = {
  en: { english: "English", native: "English" },
  es: { english: "Spanish", native: "Español" },
  de: { english: "German", native: "Deutsch" },
  fr: { english: "French", native: "Français" },
  pt: { english: "Portuguese", native: "Português" },
  it: { english: "Italian", native: "Italiano" },
  nl: { english: "Dutch", native: "Nederlands" },
  ja: { english: "Japanese", native: "日本語" },
};

export function isSupportedLanguage(code: string | null | undefined): code is Language {
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(code ?? "");
}

/**
 * Who set a conversation's language: the detector from the customer's first messages, the
 * customer by choosing one, or a member of staff. Only detection may be overruled by detection.
 */
export const LANGUAGE_SOURCES = ["detected", "customer", "staff"] as const;
export type LanguageSource = (typeof LANGUAGE_SOURCES)[number];
export const languageSourceSchema = z.enum(LANGUAGE_SOURCES);

/**
 * A conversation's language as stored: `code` is an ISO 639-1 code, which may be one Countersign
 * does not speak (a Polish shopper is detected as "pl" and handed to a person); null until known.
 */
export type ConversationLanguage = { code: string | null; source: LanguageSource | null };

/** The language code-rendered text uses: the conversation's when supported, else English. */
export function renderingLanguage(language: ConversationLanguage | null | undefined): Language {
  return isSupportedLanguage(language?.code) ? language.code : DEFAULT_LANGUAGE;
}

const ENGLISH_LANGUAGE_NAMES = new Intl.DisplayNames("en", { type: "language", fallback: "code" });

/** Any language's name in English for staff ("pl" → "Polish"), or its code when unknown. */
export function languageNameForStaff(code: string): string {
  if (isSupportedLanguage(code)) return LANGUAGE_NAMES[code].english;
  try {
    return ENGLISH_LANGUAGE_NAMES.of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * An amount for a customer reading `language`, by the locale's own rules ("80,10 US$",
 * "US$80.10"). English keeps the house format so English text reads exactly as before.
 */
export function formatMoneyIn(language: Language, amountCents: Cents, currency: string): string {
  // The house format validates the cents and the currency code, and is English's format.
  const english = formatMoney(amountCents, currency);
  if (language === "en") return english;
  // Amounts are kept in hundredths of every currency (see money.ts), so every locale shows two
  // decimals, as English does: Intl would round a yen amount to a whole number.
  return new Intl.NumberFormat(language, {
    style: "currency",
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(amountCents / 100);
}
