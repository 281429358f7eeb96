import {
  countHeadNouns,
  FILLER_WORDS,
  findMention,
  type NamedLine,
  normalizeText,
  words,
} from "./line-mentions";
import type { RefundReason } from "./policy-rules";
import { type ReasonStatement, readReasonStatements } from "./reason-statements";

export { inferDisputeChargeIds } from "./charge-ids";
export type { NamedLine } from "./line-mentions";

export type InferredReturnRequest = {
  lineIds: string[];
  /** The one reason the message states for the lines it asks about, or null (none, or several). */
  reason: RefundReason | null;
  /** Each line's stated reason, with the sentence that states it. */
  statements: ReasonStatement[];
};

const ALL_LINES =
  /\b(everything|all of (it|them)|all (the |my )?(items|things)|both|the whole order|entire order)\b/;

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
 * The deterministic fast path behind the offline agent and the tools: which of the customer's
 * lines a message is about, and which reason it states for each (reason-statements.ts). Falls
 * back to the lines selected earlier in the conversation ("it's too small" after naming the item).
 */
export function inferReturnRequest(
  text: string,
  context: { lines: readonly NamedLine[]; previouslySelectedLineIds: readonly string[] },
): InferredReturnRequest {
  const lineIds = selectLines(text, context);
  const { statements } = readReasonStatements(text, {
    lines: context.lines,
    previousLineIds: context.previouslySelectedLineIds,
    requestedLineIds: lineIds,
  });
  const about = statements.filter(
    (statement) => lineIds.length === 0 || lineIds.includes(statement.lineId),
  );
  const reasons = new Set(about.map((statement) => statement.reason));
  const reason = reasons.size === 1 ? ([...reasons][0] ?? null) : null;
  return { lineIds, reason, statements };
}

function selectLines(
  text: string,
  context: { lines: readonly NamedLine[]; previouslySelectedLineIds: readonly string[] },
): string[] {
  const normalized = normalizeText(text);
  const tokens = words(text);
  const headNounCounts = countHeadNouns(context.lines);
  if (ALL_LINES.test(normalized)) return context.lines.map((line) => line.lineId);
  const selected = context.lines.filter((line) => {
    const byId = new RegExp(
      `(^|[^a-z0-9_-])${escapeRegExp(line.lineId.toLowerCase())}($|[^a-z0-9_-])`,
    );
    if (byId.test(normalized)) return true;
    const mention = findMention(tokens, line, headNounCounts);
    return mention !== null && !isExcluded(tokens, mention.start, mention.end);
  });
  if (selected.length > 0) return selected.map((line) => line.lineId);
  const known = new Set(context.lines.map((line) => line.lineId));
  return context.previouslySelectedLineIds.filter((lineId) => known.has(lineId));
}

/**
 * Order numbers as printed on receipts, normalised, de-duplicated, in the order typed: a letter
 * and four or more digits ("A1043", "a-1043" → "A1043"), or a store's "#" and three or more
 * digits ("#1001", Shopify's default). Bare digits are never an order number: they could as well
 * be an amount, a year or a phone number.
 */
export function inferOrderNumbers(text: string): string[] {
  const numbers = [...text.matchAll(/(?:\b([a-z])-?(\d{4,})|#\s?(\d{3,}))\b/gi)].map((match) =>
    match[3] === undefined ? `${match[1]?.toUpperCase()}${match[2]}` : `#${match[3]}`,
  );
  return [...new Set(numbers)];
}
