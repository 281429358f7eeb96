import type { RefundReason } from "./policy-rules";

export { inferDisputeChargeIds } from "./charge-ids";

export type NamedLine = { lineId: string; name: string };

export type InferredReturnRequest = { lineIds: string[]; reason: RefundReason | null };

/**
 * Phrases for each reason, checked in this order so that when a message gives several, the one
 * that is our fault wins (it is the one a customer would expect us to act on).
 */
const REASON_PATTERNS: readonly (readonly [RefundReason, RegExp])[] = [
  [
    "damaged",
    /\b(cracked|cracks?|broken|broke|damaged|damage|shattered|smashed|dented|torn|ripped|defective|faulty|scratched|chipped|leaking|leaks|dead on arrival|(does ?n[o']?t|did ?n[o']?t|wo ?n[o']?t|will not) (work|turn on|switch on|power on)|not working|stopped working)\b/,
  ],
  [
    "wrong_item",
    /\b(wrong (item|product|thing|one|colou?r|model|order)|(not|isn'?t|wasn'?t) what i ordered|(sent|received|got) (me )?the wrong|not the one i ordered)\b/,
  ],
  [
    "not_as_described",
    /\b(not as (described|pictured|advertised|shown)|(does ?n[o']?t|does not) (match|look like) the (description|photos?|pictures?|listing)|different from the (description|photos?|pictures?|listing)|looks nothing like|misleading)\b/,
  ],
  [
    "too_small",
    /\b(too (small|tight|short|narrow)|runs small|smaller than (i )?(expected|thought))\b/,
  ],
  [
    "too_large",
    /\b(too (big|large|loose|long|wide|baggy)|runs (big|large)|(bigger|larger) than (i )?(expected|thought)|oversized)\b/,
  ],
  [
    "no_longer_needed",
    /\b(no longer (need|want|use)|(do ?n[o']?t|do not|wo ?n[o']?t) (need|want|use)|not needed|changed my mind|never used|no use for|(bought|ordered) (it |them )?by mistake)\b/,
  ],
];

/** A reason phrase right after one of these is being denied ("it's not broken"). */
const NEGATED_BEFORE = /\b(not|never|n't|isn'?t|aren'?t|wasn'?t|weren'?t)\s+$/;

const ALL_LINES =
  /\b(everything|all of (it|them)|all (the |my )?(items|things)|both|the whole order|entire order)\b/;

/** Generic last words that do not identify an item on their own ("my card", "the set"). */
const GENERIC_NOUNS = new Set(["card", "item", "thing", "set", "pack", "kit", "product", "order"]);
const FILLER_WORDS = new Set([
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
/** A mention preceded by one of these is being taken out of the request ("forget the jacket"). */
const EXCLUDING_CUES = new Set([
  "forget",
  "except",
  "keep",
  "keeping",
  "cancel",
  "mind",
  "without",
  "not",
  // "instead of the jacket": "of" and "the" are skipped as filler before this is checked.
  "instead",
]);
const EXCLUDING_PAIRS = new Set(["rather than", "other than"]);
/** "…, the mugs are fine": a mention followed by one of these is not part of the return. */
const FINE_WORDS = new Set(["fine", "ok", "okay", "intact", "undamaged", "alright"]);

function normalize(text: string): string {
  return text.toLowerCase().replace(/[’‘]/g, "'").replace(/\s+/g, " ");
}

function singular(word: string): string {
  return word.length > 3 && word.endsWith("s") && !word.endsWith("ss") ? word.slice(0, -1) : word;
}

function words(text: string): string[] {
  return (normalize(text).match(/[a-z0-9]+(?:'[a-z]+)?/g) ?? []).map(singular);
}

function findReason(text: string): RefundReason | null {
  for (const [reason, pattern] of REASON_PATTERNS) {
    const global = new RegExp(pattern.source, "g");
    for (const match of text.matchAll(global)) {
      if (!NEGATED_BEFORE.test(text.slice(0, match.index))) return reason;
    }
  }
  return null;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function isExcluded(tokens: readonly string[], start: number, end: number): boolean {
  const before = tokens.slice(Math.max(0, start - 4), start);
  while (before.length > 0 && FILLER_WORDS.has(before[before.length - 1] ?? "")) before.pop();
  const last = before[before.length - 1] ?? "";
  const pair = before.slice(-2).join(" ");
  if (EXCLUDING_CUES.has(last) || EXCLUDING_PAIRS.has(pair)) return true;
  return tokens.slice(end + 1, end + 4).some((token) => FINE_WORDS.has(token));
}

/**
 * Where `line` is mentioned in `tokens`: every word of a one-word name, two or more words of a
 * longer name, or a longer name's last word (its noun: "jacket", "earbuds") when no other line
 * shares it. Returns the token span of the mention, or null.
 */
function findMention(
  tokens: readonly string[],
  line: NamedLine,
  headNounCounts: ReadonlyMap<string, number>,
): { start: number; end: number } | null {
  const nameWords = words(line.name).filter((word) => !FILLER_WORDS.has(word));
  const positions = nameWords
    .map((word) => tokens.indexOf(word))
    .filter((position) => position >= 0);
  if (positions.length === 0) return null;
  const head = nameWords[nameWords.length - 1] ?? "";
  const headIsDistinct =
    !GENERIC_NOUNS.has(head) &&
    head.length > 2 &&
    headNounCounts.get(head) === 1 &&
    tokens.includes(head);
  const enough = nameWords.length === 1 || positions.length >= 2 || headIsDistinct;
  return enough ? { start: Math.min(...positions), end: Math.max(...positions) } : null;
}

/**
 * The deterministic fast path behind the offline agent and the tools: which of the customer's
 * lines a message is about, and which of the six reasons it gives. Falls back to the lines
 * selected earlier in the conversation ("it's too small" after naming the item).
 */
export function inferReturnRequest(
  text: string,
  context: { lines: readonly NamedLine[]; previouslySelectedLineIds: readonly string[] },
): InferredReturnRequest {
  const normalized = normalize(text);
  const tokens = words(text);
  const headNounCounts = new Map<string, number>();
  for (const line of context.lines) {
    const head = words(line.name).at(-1) ?? "";
    headNounCounts.set(head, (headNounCounts.get(head) ?? 0) + 1);
  }
  const reason = findReason(normalized);

  if (ALL_LINES.test(normalized)) {
    return { lineIds: context.lines.map((line) => line.lineId), reason };
  }
  const selected = context.lines.filter((line) => {
    const byId = new RegExp(
      `(^|[^a-z0-9_-])${escapeRegExp(line.lineId.toLowerCase())}($|[^a-z0-9_-])`,
    );
    if (byId.test(normalized)) return true;
    const mention = findMention(tokens, line, headNounCounts);
    return mention !== null && !isExcluded(tokens, mention.start, mention.end);
  });
  if (selected.length > 0) {
    return { lineIds: selected.map((line) => line.lineId), reason };
  }
  const known = new Set(context.lines.map((line) => line.lineId));
  return {
    lineIds: context.previouslySelectedLineIds.filter((lineId) => known.has(lineId)),
    reason,
  };
}

/** Order numbers as printed on receipts ("A1043"), normalised to upper case, de-duplicated. */
export function inferOrderNumbers(text: string): string[] {
  const numbers = [...text.matchAll(/\b([a-z])-?(\d{4,})\b/gi)].map(
    (match) => `${match[1]?.toUpperCase()}${match[2]}`,
  );
  return [...new Set(numbers)];
}
