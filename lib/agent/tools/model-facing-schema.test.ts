import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { GRAMMAR_REPETITION_LIMIT, withinGrammarLimits } from "./model-facing-schema";

const BOUNDS = ["minLength", "maxLength", "minItems", "maxItems", "minProperties", "maxProperties"];

function bounds(schema: unknown): number[] {
  if (Array.isArray(schema)) return schema.flatMap(bounds);
  if (schema === null || typeof schema !== "object") return [];
  return Object.entries(schema).flatMap(([key, value]) =>
    BOUNDS.includes(key) && typeof value === "number" ? [value] : bounds(value),
  );
}

const schemaArbitrary = fc.letrec((tie) => ({
  node: fc.record(
    {
      type: fc.constantFrom("string", "array", "object"),
      description: fc.string(),
      maxLength: fc.nat({ max: 10_000 }),
      minItems: fc.nat({ max: 10_000 }),
      items: tie("node"),
      properties: fc.dictionary(fc.constantFrom("body", "note", "maxLength"), tie("node"), {
        maxKeys: 3,
      }),
    },
    { requiredKeys: ["type"] },
  ),
})).node;

describe("tool schemas as a model server sees them", () => {
  it("keep no repetition bound at or above the grammar limit, and every bound below it", () => {
    fc.assert(
      fc.property(schemaArbitrary, (schema) => {
        const kept = bounds(withinGrammarLimits(schema));
        expect(kept.every((bound) => bound < GRAMMAR_REPETITION_LIMIT)).toBe(true);
        expect(kept.sort()).toEqual(
          bounds(schema)
            .filter((bound) => bound < GRAMMAR_REPETITION_LIMIT)
            .sort(),
        );
      }),
    );
  });

  it("keeps 1999 (llama.cpp compiles it) and drops 2000 (it refuses the request)", () => {
    expect(withinGrammarLimits({ type: "string", maxLength: 1999 })).toEqual({
      type: "string",
      maxLength: 1999,
    });
    expect(withinGrammarLimits({ type: "string", maxLength: 2000 })).toEqual({ type: "string" });
  });
});
