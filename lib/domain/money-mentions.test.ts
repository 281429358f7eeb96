import { describe, expect, it } from "vitest";
import { findMoneyMentions, readDigits } from "./money-mentions";
import { parseNumberWords } from "./number-words";
import { findTimelineMentions } from "./timeline-mentions";

describe("parseNumberWords", () => {
  it.each([
    ["forty-eight", 48],
    ["nine hundred ninety-nine", 999],
    ["a hundred", 100],
    ["one thousand two hundred and thirty-four", 1234],
    ["twelve", 12],
    ["one two", null],
    ["hundred", null],
    ["twenty twelve", null],
    ["lots", null],
  ])("%s → %s", (words, value) => {
    expect(parseNumberWords(words)).toBe(value);
  });
});

describe("readDigits", () => {
  it.each([
    ["1,234.50", 123450],
    ["1234.5", 123450],
    ["48", 4800],
    ["1.234,50", 123450],
    ["12,60", 1260],
    ["1.234.567", 123456700],
    ["1.234", null],
    ["12.605", null],
    ["1,2345", null],
  ])("%s → %s", (digits, cents) => {
    expect(readDigits(digits)).toBe(cents);
  });
});

describe("findMoneyMentions", () => {
  const read = (text: string) =>
    findMoneyMentions(text).map((mention) =>
      mention.kind === "amount" ? [mention.cents, mention.currency] : ["unreadable", mention.text],
    );
  it.each<[string, unknown[]]>([
    ["Your refund of $80.10 is ready.", [[8010, "dollar"]]],
    ["-$8.90 (10%)", [[890, "dollar"]]],
    [
      "1234.5 USD or USD 12",
      [
        [123450, "USD"],
        [1200, "USD"],
      ],
    ],
    [
      "€12,60 and 12,60 € and EUR 1.234,50",
      [
        [1260, "EUR"],
        [1260, "EUR"],
        [123450, "EUR"],
      ],
    ],
    ["twelve dollars and sixty cents", [[1260, "dollar"]]],
    ["nine hundred ninety-nine dollars", [[99900, "dollar"]]],
    [
      "80 bucks, £5",
      [
        [8000, "dollar"],
        [500, "GBP"],
      ],
    ],
    ["a refund of 80.10", [[8010, null]]],
    ["$1.2k", [["unreadable", "$1.2k"]]],
    ["12 US dollars", [["unreadable", "12 US dollars"]]],
    ["order A1043, 2 mugs, CH-88301, version 1.10.2", []],
  ])("%s", (text, mentions) => {
    expect(read(text)).toEqual(mentions);
  });
});

describe("findTimelineMentions", () => {
  const read = (text: string) =>
    findTimelineMentions(text).map((mention) =>
      mention.kind === "duration"
        ? [mention.values, mention.unit, mention.past]
        : ["date", mention.text],
    );
  it.each<[string, unknown[]]>([
    ["within 5–10 business days", [[[5, 10], "day", false]]],
    ["delivered 45 days ago", [[[45], "day", true]]],
    ["the 30-day return window", [[[30], "day", false]]],
    ["in ten minutes", [[[10], "minute", false]]],
    ["48h", [[[48], "hour", false]]],
    ["by Friday", [["date", "by Friday"]]],
    ["tomorrow", [["date", "tomorrow"]]],
    ["on day 30 after delivery", []],
  ])("%s", (text, mentions) => {
    expect(read(text)).toEqual(mentions);
  });
});
