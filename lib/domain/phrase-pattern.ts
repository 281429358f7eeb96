/*
 * A tiny closed grammar for short phrases. A pattern is a list of slots separated by spaces:
 * `word` must appear, `(a|b)` one of several, `[a|b]` optionally one of several. Words of one
 * option are joined with `_` ("turn_on"). Matching is exact and token by token, so a phrase the
 * pattern does not spell out (an extra "not", "like", a possessive) does not match at all.
 */

type Slot = { options: readonly (readonly string[])[]; optional: boolean };
export type PhrasePattern = readonly Slot[];

export function compilePattern(source: string): PhrasePattern {
  return source
    .trim()
    .split(/\s+/)
    .map((slot) => {
      const optional = slot.startsWith("[");
      const grouped = optional || slot.startsWith("(");
      const body = grouped ? slot.slice(1, -1) : slot;
      return { options: body.split("|").map((option) => option.split("_")), optional };
    });
}

/** Every position in `tokens` where `pattern`, started at `start`, can end. */
export function matchPattern(
  pattern: PhrasePattern,
  tokens: readonly string[],
  start: number,
): number[] {
  let ends = [start];
  for (const slot of pattern) {
    const next = new Set<number>(slot.optional ? ends : []);
    for (const at of ends) {
      for (const option of slot.options) {
        if (option.every((word, offset) => tokens[at + offset] === word)) {
          next.add(at + option.length);
        }
      }
    }
    ends = [...next];
    if (ends.length === 0) return [];
  }
  return ends;
}

/** The ends reachable through any of `patterns`. */
export function matchAny(
  patterns: readonly PhrasePattern[],
  tokens: readonly string[],
  start: number,
): number[] {
  return [...new Set(patterns.flatMap((pattern) => matchPattern(pattern, tokens, start)))];
}
