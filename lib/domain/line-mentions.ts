/*
 * Where a customer's text names one of their order lines. Shared by the request reader (which
 * lines a message asks about) and the reason reader (which line a statement is about).
 */

export type NamedLine = {
  lineId: string;
  name: string;
  /** The order the line belongs to, when known: "the mug from order A1043" must name that order. */
  orderNumber?: string;
};

/** Generic last words that do not identify an item on their own ("my card", "the set"). */
const GENERIC_NOUNS = new Set(["card", "item", "thing", "set", "pack", "kit", "product", "order"]);

export const FILLER_WORDS = new Set([
  "the",
  "my",
  "a",
  "an",
  "this",
  "that",
  "these",
  "those",
  "about",
  "for",
  "your",
  "of",
]);

export function normalizeText(text: string): string {
  return text.toLowerCase().replace(/[’‘]/g, "'").replace(/\s+/g, " ");
}

export function singular(word: string): string {
  return word.length > 3 && word.endsWith("s") && !word.endsWith("ss") ? word.slice(0, -1) : word;
}

export function words(text: string): string[] {
  return (normalizeText(text).match(/[a-z0-9]+(?:'[a-z]+)?/g) ?? []).map(singular);
}

/** The words of a line's name that can identify it: no articles, singular. */
export function nameWords(line: NamedLine): string[] {
  return words(line.name).filter((word) => !FILLER_WORDS.has(word));
}

/** How many of the lines share each last word ("jacket"): a shared one identifies no line. */
export function countHeadNouns(lines: readonly NamedLine[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const line of lines) {
    const head = nameWords(line).at(-1) ?? "";
    counts.set(head, (counts.get(head) ?? 0) + 1);
  }
  return counts;
}

/** A name's last word that identifies its line on its own: not generic, not shared. */
export function isDistinctHead(head: string, headNounCounts: ReadonlyMap<string, number>): boolean {
  return !GENERIC_NOUNS.has(head) && head.length > 2 && headNounCounts.get(head) === 1;
}

/**
 * Where `line` is mentioned in `tokens`: every word of a one-word name, two or more words of a
 * longer name, or a longer name's last word (its noun: "jacket", "earbuds") when no other line
 * shares it. Returns the token span of the mention, or null.
 */
export function findMention(
  tokens: readonly string[],
  line: NamedLine,
  headNounCounts: ReadonlyMap<string, number>,
): { start: number; end: number } | null {
  const lineWords = nameWords(line);
  const positions = lineWords
    .map((word) => tokens.indexOf(word))
    .filter((position) => position >= 0);
  if (positions.length === 0) return null;
  const head = lineWords[lineWords.length - 1] ?? "";
  const headIsDistinct = isDistinctHead(head, headNounCounts) && tokens.includes(head);
  const enough = lineWords.length === 1 || positions.length >= 2 || headIsDistinct;
  return enough ? { start: Math.min(...positions), end: Math.max(...positions) } : null;
}
