import { NUMBER_WORDS, parseNumberWords } from "./number-words";

/*
 * Finds statements of when something happens: durations ("within 3 days", "5–10 business
 * days", "in ten minutes", "48 hours"), relative days ("tomorrow", "next week", "by Friday",
 * "end of the month") and calendar dates ("Dec 5", "5 December", "2026-12-05", "12/05").
 * A duration followed by "ago" is about the past and is marked so.
 */

export type TimeUnit = "minute" | "hour" | "day" | "week" | "month" | "year";

export type TimelineMention =
  | {
      kind: "duration";
      values: number[];
      unit: TimeUnit;
      past: boolean;
      text: string;
      index: number;
    }
  | { kind: "date"; text: string; index: number };

const NUMBER = `(?:[0-9]+|(?:${NUMBER_WORDS.join("|")})(?:[\\s-]+(?:${NUMBER_WORDS.join("|")}))*|an?|a few|a couple of|several|few)`;
const RANGE = `${NUMBER}(?:\\s*(?:-|–|—|to|or)\\s*${NUMBER})?`;
const UNIT = "(?:business |working |calendar )?(minute|min|hour|hr|h|day|week|month|year)s?";

const DURATION = new RegExp(`\\b(${RANGE})[\\s-]*${UNIT}\\b(\\s+ago)?`, "giu");

const WEEKDAYS = "monday|tuesday|wednesday|thursday|friday|saturday|sunday";
const MONTHS =
  "january|february|march|april|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec";

const DATES: readonly RegExp[] = [
  /\b(tomorrow|tonight|overnight|this (afternoon|evening|morning|week|month)|later today|(the )?day after tomorrow|next (week|month|business day|working day)|end of (the )?(day|week|month)|eod|eow|asap|right away|straight away|immediately|instantly|shortly|in no time|within the hour|by (the )?(weekend|morning|evening|afternoon))\b/giu,
  new RegExp(`\\b(?:(?:by|on|until|before|next|this)\\s+)?(?:${WEEKDAYS})\\b`, "giu"),
  new RegExp(`\\b(?:${MONTHS})\\.?\\s+[0-9]{1,2}(?:st|nd|rd|th)?\\b`, "giu"),
  new RegExp(`\\b[0-9]{1,2}(?:st|nd|rd|th)?\\s+(?:of\\s+)?(?:${MONTHS})\\b`, "giu"),
  /\b[0-9]{4}-[0-9]{2}-[0-9]{2}\b/gu,
  /(?<![\w/])[0-9]{1,2}\/[0-9]{1,2}(?:\/[0-9]{2,4})?(?![\w/])/gu,
];

export function findTimelineMentions(text: string): TimelineMention[] {
  const mentions: TimelineMention[] = [];
  for (const match of text.matchAll(DURATION)) {
    const values = (match[1] ?? "")
      .split(/\s*(?:-|–|—|\bto\b|\bor\b)\s*/u)
      .map(readCount)
      .filter((value): value is number => value !== null);
    mentions.push({
      kind: "duration",
      values,
      unit: normaliseUnit(match[2] ?? "day"),
      past: match[3] !== undefined,
      text: match[0],
      index: match.index,
    });
  }
  for (const pattern of DATES) {
    for (const match of text.matchAll(pattern)) {
      mentions.push({ kind: "date", text: match[0], index: match.index });
    }
  }
  return mentions.sort((a, b) => a.index - b.index);
}

function readCount(text: string): number | null {
  const trimmed = text.trim().toLowerCase();
  if (/^[0-9]+$/.test(trimmed)) return Number(trimmed);
  if (trimmed === "a" || trimmed === "an") return 1;
  return parseNumberWords(trimmed);
}

function normaliseUnit(unit: string): TimeUnit {
  const lower = unit.toLowerCase();
  if (lower === "min") return "minute";
  if (lower === "hr" || lower === "h") return "hour";
  return lower as TimeUnit;
}
