import type { Cents } from "./money";
import { NUMBER_WORDS, NUMBER_WORDS_SOURCE, parseNumberWords } from "./number-words";

/*
 * Finds every statement of an amount of money in free text, in the forms people and models
 * write: "$1,234.50", "-$8.90", "1234.5 USD", "USD 12", "€12,60", "12,60 €", "80 bucks",
 * "nine hundred ninety-nine dollars", "twelve dollars and sixty cents", and a bare "80.10";
 * and as each supported language's locale writes it (`formatMoneyIn`): "12,60 US$",
 * "1.260,50 $", "1 260,50 $US" (grouped with spaces, plain or non-breaking), "US$ 1.260,50".
 * A currency marker next to a number this reader cannot read with certainty ("$1.2k",
 * "$12.605", "€1.234") is reported as unreadable, so a checker refuses it instead of passing it.
 */

/** "dollar" when only the dollar sign or word was written (USD, CAD, AUD… all use it). */
export type MentionedCurrency = string | "dollar" | null;

export type MoneyMention =
  | {
      kind: "amount";
      cents: Cents;
      currency: MentionedCurrency;
      text: string;
      index: number;
    }
  | { kind: "unreadable"; text: string; index: number };

export const DOLLAR_CURRENCIES: readonly string[] = ["USD", "CAD", "AUD", "NZD", "SGD", "HKD"];

const SYMBOLS: Readonly<Record<string, MentionedCurrency>> = {
  US$: "USD",
  CA$: "CAD",
  C$: "CAD",
  A$: "AUD",
  AU$: "AUD",
  NZ$: "NZD",
  $: "dollar",
  "€": "EUR",
  "£": "GBP",
  "JP¥": "JPY",
  "¥": "JPY",
  "￥": "JPY",
  "₹": "INR",
  "₩": "KRW",
  "₣": "CHF",
};

const CODES = ["USD", "EUR", "GBP", "CAD", "AUD", "NZD", "JPY", "INR", "CHF", "SGD", "HKD", "MXN"];

const WORD_CURRENCIES: readonly [RegExp, MentionedCurrency][] = [
  [/^(dollars?|bucks?)$/i, "dollar"],
  [/^euros?$/i, "EUR"],
  [/^(pounds?|quid)( sterling)?$/i, "GBP"],
];

/** Symbols French writes after the amount only ("12,60 $US"). */
const SUFFIX_SYMBOLS: Readonly<Record<string, MentionedCurrency>> = {
  $US: "USD",
  $CA: "CAD",
  $AU: "AUD",
  $NZ: "NZD",
  "£GB": "GBP",
};

/** The symbols by their upper-case spelling: a message read in lower case writes "us$". */
const SYMBOLS_BY_UPPER_CASE: ReadonlyMap<string, MentionedCurrency> = new Map(
  Object.entries({ ...SYMBOLS, ...SUFFIX_SYMBOLS }).map(([symbol, currency]) => [
    symbol.toUpperCase(),
    currency,
  ]),
);

function symbolSource(symbols: Readonly<Record<string, MentionedCurrency>>): string {
  return Object.keys(symbols)
    .sort((a, b) => b.length - a.length)
    .map((symbol) => symbol.replace(/\$/g, "\\$"))
    .join("|");
}
const SYMBOL_SOURCE = symbolSource(SYMBOLS);
const ANY_SYMBOL_SOURCE = symbolSource({ ...SYMBOLS, ...SUFFIX_SYMBOLS });
const CODE_SOURCE = CODES.join("|");
const CURRENCY_WORD_SOURCE = "dollars?|bucks?|euros?|pounds?(?: sterling)?|quid";
// A number as written with digits, separators and an optional sign: read strictly later. French
// groups thousands with a (non-breaking) space, and then always writes a decimal comma.
const DIGITS_SOURCE =
  "[0-9]{1,3}(?:[ \\u00a0\\u202f][0-9]{3})+,[0-9]{2}(?![0-9])|[0-9][0-9.,]*[0-9]|[0-9]";
// Letters glued to a number ("1.2k", "12m") make it a different number.
const GLUED = "(?:[kKmMbB](?![a-zA-Z])|[a-zA-Z]{0,2})";

type Pattern = { regex: RegExp; read(match: RegExpExecArray): MoneyMention };

const PATTERNS: readonly Pattern[] = [
  // $12.60, US$ 1,234.50, -€8.90, $ twelve
  {
    regex: new RegExp(
      `(-|−)?(${SYMBOL_SOURCE})\\s?(?:(${DIGITS_SOURCE})(${GLUED})|(${NUMBER_WORDS_SOURCE})\\b)`,
      "giu",
    ),
    read: (m) => fromParts(m, m[3] ?? null, m[4] ?? "", m[5] ?? null, currencyOf(m[2] ?? "")),
  },
  // USD 12.60, EUR 1.234,50
  {
    regex: new RegExp(`\\b(${CODE_SOURCE})\\s?(${DIGITS_SOURCE})(${GLUED})`, "gu"),
    read: (m) => fromParts(m, m[2] ?? null, m[3] ?? "", null, m[1] ?? null),
  },
  // 12.60 USD, 12,60 €, 80 bucks, 12 dollars and 60 cents
  {
    regex: new RegExp(
      `(${DIGITS_SOURCE})(${GLUED})\\s?(${ANY_SYMBOL_SOURCE}|\\b(?:${CODE_SOURCE})\\b|\\b(?:${CURRENCY_WORD_SOURCE})\\b)(?:\\s+and\\s+([0-9]{1,2}|${NUMBER_WORDS_SOURCE})\\s+cents?\\b)?`,
      "giu",
    ),
    read: (m) => {
      const mention = fromParts(m, m[1] ?? null, m[2] ?? "", null, currencyOf(m[3] ?? ""));
      return addCents(mention, m[4]);
    },
  },
  // nine hundred ninety-nine dollars (and sixty cents)
  {
    regex: new RegExp(
      `\\b(${NUMBER_WORDS_SOURCE})\\s+(${CURRENCY_WORD_SOURCE}|${CODE_SOURCE})\\b(?:\\s+and\\s+([0-9]{1,2}|${NUMBER_WORDS_SOURCE})\\s+cents?\\b)?`,
      "giu",
    ),
    read: (m) => {
      const mention = fromParts(m, null, "", m[1] ?? null, currencyOf(m[2] ?? ""));
      return addCents(mention, m[3]);
    },
  },
  // sixty cents, 60 cents
  {
    regex: new RegExp(`\\b([0-9]{1,2}|${NUMBER_WORDS_SOURCE})\\s+cents?\\b`, "giu"),
    read: (m) => {
      const value = readWholeNumber(m[1] ?? "");
      if (value === null || value > 99) return unreadable(m);
      return { kind: "amount", cents: value, currency: null, text: m[0], index: m.index };
    },
  },
  // A bare amount with exactly two decimals: "a refund of 80.10".
  {
    regex: /(?<![\w.,])([0-9]{1,3}(?:,[0-9]{3})+|[0-9]+)\.([0-9]{2})(?![\w.,]*[0-9])/gu,
    read: (m) => {
      const cents = readDigits(`${m[1]}.${m[2]}`);
      return cents === null
        ? unreadable(m)
        : { kind: "amount", cents, currency: null, text: m[0], index: m.index };
    },
  },
];

/** Every money mention, in order of appearance; overlapping matches keep the earliest, longest. */
export function findMoneyMentions(text: string): MoneyMention[] {
  const found: MoneyMention[] = [];
  for (const pattern of PATTERNS) {
    pattern.regex.lastIndex = 0;
    for (const match of text.matchAll(pattern.regex)) {
      found.push(pattern.read(match as RegExpExecArray));
    }
  }
  found.sort((a, b) => a.index - b.index || b.text.length - a.text.length);
  const kept: MoneyMention[] = [];
  let end = -1;
  for (const mention of found) {
    if (mention.index < end) continue;
    kept.push(mention);
    end = mention.index + mention.text.length;
  }
  return [...kept, ...strayMarkers(text, kept)].sort((a, b) => a.index - b.index);
}

const MARKER = new RegExp(
  `${ANY_SYMBOL_SOURCE}|\\b(?:${CODE_SOURCE})\\b|\\b(?:${CURRENCY_WORD_SOURCE}|cents?)\\b`,
  "giu",
);
const NEARBY_NUMBER = new RegExp(`[0-9]|\\b(?:${NUMBER_WORDS.join("|")})\\b`, "iu");
const NEARBY_CHARS = 16;

// A currency marker with a number close by that no pattern could read ("12 US dollars",
// "$ 12 . 60") is still a statement of money: it is reported, not ignored.
function strayMarkers(text: string, kept: readonly MoneyMention[]): MoneyMention[] {
  const covered = (index: number) =>
    kept.some((mention) => index >= mention.index && index < mention.index + mention.text.length);
  const stray: MoneyMention[] = [];
  for (const match of text.matchAll(MARKER)) {
    if (covered(match.index)) continue;
    const start = Math.max(0, match.index - NEARBY_CHARS);
    const around = text.slice(start, match.index + match[0].length + NEARBY_CHARS);
    const withoutCovered = [...around]
      .map((char, offset) => (covered(start + offset) ? " " : char))
      .join("");
    if (NEARBY_NUMBER.test(withoutCovered.replace(match[0], " "))) {
      stray.push({ kind: "unreadable", text: around.trim(), index: match.index });
    }
  }
  return stray;
}

function currencyOf(marker: string): MentionedCurrency {
  const upper = marker.trim().toUpperCase();
  const symbol = SYMBOLS_BY_UPPER_CASE.get(upper);
  if (symbol !== undefined) return symbol;
  if (CODES.includes(upper)) return upper;
  for (const [pattern, currency] of WORD_CURRENCIES) {
    if (pattern.test(marker.trim())) return currency;
  }
  return null;
}

function fromParts(
  match: RegExpExecArray,
  digits: string | null,
  glued: string,
  words: string | null,
  currency: MentionedCurrency,
): MoneyMention {
  if (glued !== "") return unreadable(match);
  const cents = digits !== null ? readDigits(digits) : words !== null ? wordsToCents(words) : null;
  if (cents === null) return unreadable(match);
  return { kind: "amount", cents, currency, text: match[0], index: match.index };
}

function wordsToCents(words: string): number | null {
  const value = parseNumberWords(words);
  return value === null ? null : value * 100;
}

function addCents(mention: MoneyMention, centsText: string | undefined): MoneyMention {
  if (centsText === undefined || mention.kind !== "amount") return mention;
  const extra = readWholeNumber(centsText);
  if (extra === null || extra > 99 || mention.cents % 100 !== 0) {
    return { kind: "unreadable", text: mention.text, index: mention.index };
  }
  return { ...mention, cents: mention.cents + extra };
}

function readWholeNumber(text: string): number | null {
  return /^[0-9]+$/.test(text) ? Number(text) : parseNumberWords(text);
}

/**
 * Digits with separators, read only when the reading is certain: "1,234.50" and "1234.5"
 * (point decimals), "1.234,50" and "12,60" (comma decimals), "1 234,50" (space-grouped comma
 * decimals). "1.234" or "1,2345" could mean two different amounts, so they answer null.
 */
export function readDigits(raw: string): Cents | null {
  const spaceGrouped = /^[0-9]{1,3}(?:[ \u00a0\u202f][0-9]{3})+,([0-9]{2})$/.exec(raw);
  if (spaceGrouped) {
    return toCents(raw.split(",")[0]?.replace(/[ \u00a0\u202f]/g, "") ?? "", spaceGrouped[1]);
  }
  const pointDecimal = /^(?:[0-9]{1,3}(?:,[0-9]{3})+|[0-9]+)(?:\.([0-9]{1,2}))?$/.exec(raw);
  if (pointDecimal) return toCents(raw.split(".")[0]?.replaceAll(",", "") ?? "", pointDecimal[1]);
  const commaDecimal = /^(?:[0-9]{1,3}(?:\.[0-9]{3})+|[0-9]+),([0-9]{1,2})$/.exec(raw);
  if (commaDecimal) {
    return toCents(raw.split(",")[0]?.replaceAll(".", "") ?? "", commaDecimal[1]);
  }
  const commaThousands = /^[0-9]{1,3}(?:\.[0-9]{3}){2,}$/.exec(raw);
  if (commaThousands) return toCents(raw.replaceAll(".", ""), undefined);
  return null;
}

function toCents(whole: string, fraction: string | undefined): Cents | null {
  const cents = Number(whole) * 100 + Number((fraction ?? "").padEnd(2, "0") || "0");
  return Number.isSafeInteger(cents) ? cents : null;
}

function unreadable(match: RegExpExecArray): MoneyMention {
  return { kind: "unreadable", text: match[0], index: match.index };
}
