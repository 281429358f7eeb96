import {
  NEGATIVE_EMOJI,
  PLAIN_SEPARATORS,
  POSITIVE_EMOJI,
  QUESTION_MARKS,
} from "./classify-message-lexicon";

/** What a customer message is made of, once normalised: the words by clause, and every mark. */
export type ScannedMessage = {
  /** The normalised text (NFKC, invisible characters removed, lower case). */
  text: string;
  /** Words between separators, each clause as one space-joined string. */
  clauses: string[];
  words: string[];
  /** Any question mark of any script, including the Greek one NFKC turns into ";". */
  questionMark: boolean;
  /** "…" or "..": a trailing-off "sure…" is not a plain yes. */
  ellipsis: boolean;
  /** Strikethrough, quote block, code span or HTML tag: the words may not mean what they say. */
  markup: string | null;
  /** Words that contain a digit of any script ("12", "b2002", "٣", "½"). */
  numbers: string[];
  positiveEmoji: number;
  negativeEmoji: number;
  /** Emoji, currency signs and punctuation that are neither separators nor the emoji above. */
  otherSymbols: string[];
};

// Format characters (zero-width, bidi overrides, soft hyphen, tags), emoji variation selectors
// and skin-tone modifiers: invisible, so they must not split or disguise a word.
const INVISIBLE = /\p{Cf}|[\u{FE00}-\u{FE0F}]|[\u{E0100}-\u{E01EF}]|[\u{1F3FB}-\u{1F3FF}]/gu;
const CONTROL_EXCEPT_NEWLINE = /[^\P{Cc}\n]/gu;
const WORD = /[\p{L}\p{M}\p{N}]+(?:['-][\p{L}\p{M}\p{N}]+)*/uy;
const SPACE = /[^\S\n]+/uy;

const MARKUP: readonly [RegExp, string][] = [
  [/~/, "strikethrough"],
  [/`/, "code span"],
  [/^\s*>/m, "quote block"],
  [/<\/?[a-z][^>]*>/, "HTML tag"],
];

export function normalizeMessage(text: string): string {
  return text
    .normalize("NFKC")
    .replace(/\r\n?|[\u2028\u2029]/g, "\n")
    .replace(INVISIBLE, "")
    .replace(/\t/g, " ")
    .replace(CONTROL_EXCEPT_NEWLINE, "")
    .toLowerCase()
    .replace(/[’‘ʼ′]/g, "'")
    .replace(/(\p{L})\1{2,}/gu, "$1$1")
    .trim();
}

/**
 * `fillSlots` rewrites the normalised text before it is split into words: the classifier puts
 * its upper-case placeholders there (normalised text is lower case, so no customer types one).
 */
export function scanMessage(
  raw: string,
  fillSlots: (normalized: string) => string = (normalized) => normalized,
): ScannedMessage {
  const text = fillSlots(normalizeMessage(raw));
  const scanned: ScannedMessage = {
    text,
    clauses: [],
    words: [],
    questionMark: false,
    ellipsis: /\.\.|…/.test(text),
    markup: MARKUP.find(([pattern]) => pattern.test(text))?.[1] ?? null,
    numbers: [],
    positiveEmoji: 0,
    negativeEmoji: 0,
    otherSymbols: [],
  };
  let clause: string[] = [];
  const endClause = () => {
    if (clause.length > 0) scanned.clauses.push(clause.join(" "));
    clause = [];
  };
  let index = 0;
  while (index < text.length) {
    WORD.lastIndex = index;
    SPACE.lastIndex = index;
    const word = WORD.exec(text);
    if (word) {
      clause.push(word[0]);
      scanned.words.push(word[0]);
      if (/\p{N}/u.test(word[0])) scanned.numbers.push(word[0]);
      index += word[0].length;
      continue;
    }
    const space = SPACE.exec(text);
    if (space) {
      index += space[0].length;
      continue;
    }
    const char = String.fromCodePoint(text.codePointAt(index) ?? 0);
    index += char.length;
    endClause();
    if (QUESTION_MARKS.has(char)) scanned.questionMark = true;
    else if (POSITIVE_EMOJI.has(char)) scanned.positiveEmoji += 1;
    else if (NEGATIVE_EMOJI.has(char)) scanned.negativeEmoji += 1;
    else if (!PLAIN_SEPARATORS.has(char)) scanned.otherSymbols.push(char);
  }
  endClause();
  return scanned;
}
