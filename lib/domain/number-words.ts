/*
 * English number words ("nine hundred ninety-nine", "a thousand and twelve") to an integer, for
 * reading money written out in words. Anything that is not a well-formed number answers null, so
 * a caller can refuse it rather than guess.
 */

const UNITS: Readonly<Record<string, number>> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
};

const TEENS: Readonly<Record<string, number>> = {
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
};

const TENS: Readonly<Record<string, number>> = {
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};

const SCALES: Readonly<Record<string, number>> = { thousand: 1_000, million: 1_000_000 };

export const NUMBER_WORDS: readonly string[] = [
  ...Object.keys(UNITS),
  ...Object.keys(TEENS),
  ...Object.keys(TENS),
  "hundred",
  ...Object.keys(SCALES),
];

/** A run of number words (and the joiners "a", "and", hyphens) as a regex source, no groups. */
export const NUMBER_WORDS_SOURCE = `(?:(?:a|${NUMBER_WORDS.join("|")})(?:(?:\\s+and\\s+|[\\s-]+)(?:${NUMBER_WORDS.join("|")}))*)`;

type Kind = "start" | "unit" | "teen" | "ten" | "hundred" | "scale";

/** "forty-eight" → 48, "a hundred" → 100, "one two" → null. */
export function parseNumberWords(text: string): number | null {
  const words = text
    .toLowerCase()
    .split(/[\s-]+/)
    .filter((word) => word !== "" && word !== "and");
  if (words.length === 0) return null;
  let total = 0;
  let group = 0;
  let last: Kind = "start";
  for (const [index, word] of words.entries()) {
    if (word === "a") {
      const next = words[index + 1];
      if (index !== 0 || (next !== "hundred" && !(next && next in SCALES))) return null;
      group = 1;
      last = "unit";
      continue;
    }
    if (word in UNITS) {
      if (last === "unit" || last === "teen") return null;
      group += UNITS[word] ?? 0;
      last = "unit";
    } else if (word in TEENS) {
      if (last === "unit" || last === "teen" || last === "ten") return null;
      group += TEENS[word] ?? 0;
      last = "teen";
    } else if (word in TENS) {
      if (last === "unit" || last === "teen" || last === "ten") return null;
      group += TENS[word] ?? 0;
      last = "ten";
    } else if (word === "hundred") {
      if (last !== "unit" || group >= 10 || group === 0) return null;
      group *= 100;
      last = "hundred";
    } else if (word in SCALES) {
      if (last === "start" || last === "scale") return null;
      total += (group === 0 ? 1 : group) * (SCALES[word] ?? 1);
      group = 0;
      last = "scale";
    } else {
      return null;
    }
  }
  return total + group;
}
