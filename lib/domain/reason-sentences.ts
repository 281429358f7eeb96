import { normalizeText } from "./line-mentions";
import { QUESTION_OPENERS } from "./reason-grammar";

/*
 * A customer message cut into sentences and clauses of plain tokens for the reason reader:
 * contractions spelled out ("doesn't" → "does not"), quoted words dropped (they are someone
 * else's), each sentence marked when it asks a question.
 */

const CLAUSE_JOINERS = new Set(["and", "but", "plus", "however", "yet", "then", "also", "while"]);
const PRONOUN_IS = new Set([
  "it",
  "that",
  "what",
  "there",
  "here",
  "he",
  "she",
  "who",
  "this",
  "everything",
  "nothing",
  "something",
  "one",
]);
const CONTRACTION_WORDS: Readonly<Record<string, string>> = {
  re: "are",
  m: "am",
  ve: "have",
  ll: "will",
  d: "would",
};
const IRREGULAR: Readonly<Record<string, readonly string[]>> = {
  "won't": ["will", "not"],
  "can't": ["can", "not"],
  cannot: ["can", "not"],
  cant: ["can", "not"],
  "ain't": ["is", "not"],
};

/** One word per token, contractions spelled out; a possessive ("sister's") stays one token. */
function clauseTokens(text: string): string[] {
  const raw =
    normalizeText(text)
      .replace(/[-–—/]/g, " ")
      .match(/[a-z0-9]+(?:'[a-z]+)?/g) ?? [];
  return raw.flatMap((token) => {
    const irregular = IRREGULAR[token];
    if (irregular) return [...irregular];
    const negated =
      /^([a-z]+)n't$/.exec(token) ?? /^(do|does|did|is|are|was|were|has|have|had)nt$/.exec(token);
    if (negated?.[1]) return [negated[1], "not"];
    const contracted = /^([a-z0-9]+)'(s|re|m|ve|ll|d)$/.exec(token);
    if (contracted?.[1] && contracted[2]) {
      const [, base, suffix] = contracted;
      if (suffix === "s") return PRONOUN_IS.has(base) ? [base, "is"] : [token];
      return [base, CONTRACTION_WORDS[suffix] ?? suffix];
    }
    return [token];
  });
}

export type Sentence = { text: string; question: boolean; clauses: string[][] };

export function splitSentences(text: string): Sentence[] {
  const sentences: Sentence[] = [];
  // Quoted words are someone's words, not a statement of the customer's own.
  const unquoted = text.replace(/["“”«»][^"“”«»]*["“”«»]?/g, " ");
  for (const match of unquoted.matchAll(/[^.!?;\n]+[.!?;\n]*/g)) {
    const body = match[0].replace(/[.!?;\n\s]+$/, "").trim();
    if (!body) continue;
    const clauses = body.split(/,/).flatMap((part) => splitOnJoiners(clauseTokens(part)));
    sentences.push({
      text: body,
      question: match[0].includes("?") || QUESTION_OPENERS.has(clauses[0]?.[0] ?? ""),
      clauses: clauses.filter((clause) => clause.length > 0),
    });
  }
  return sentences;
}

function splitOnJoiners(tokens: readonly string[]): string[][] {
  const clauses: string[][] = [[]];
  for (const token of tokens) {
    if (CLAUSE_JOINERS.has(token)) clauses.push([]);
    else clauses.at(-1)?.push(token);
  }
  return clauses;
}
