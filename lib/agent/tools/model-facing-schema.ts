/*
 * The JSON schema a model server is given for a tool, kept within what every major server
 * compiles. llama.cpp (and servers built on it, like Ollama) turns a tool schema into a sampling
 * grammar and refuses the whole request when a repetition bound is 2000 or more ("failed to parse
 * grammar"); vLLM's guided decoding is as strict or stricter. So a bound at or above that limit is
 * left out of what the model sees, and the tool's zod schema, which the call is parsed with after
 * the model answered, still enforces the real limit.
 */

export const GRAMMAR_REPETITION_LIMIT = 2000;

const REPETITION_BOUNDS = new Set([
  "minLength",
  "maxLength",
  "minItems",
  "maxItems",
  "minProperties",
  "maxProperties",
]);

export function withinGrammarLimits(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withinGrammarLimits);
  if (schema === null || typeof schema !== "object") return schema;
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    const tooLong =
      REPETITION_BOUNDS.has(key) && typeof value === "number" && value >= GRAMMAR_REPETITION_LIMIT;
    if (!tooLong) kept[key] = withinGrammarLimits(value);
  }
  return kept;
}
