import { describe, expect, it } from "vitest";
import { allLies, sampleLies } from "./generated-lies";
import { MIXED_REASON_COUNT, mixedReasonMessage } from "./generated-reasons";

describe("the generated adversaries", () => {
  it("draw from a large set: paraphrases, other languages, split claims, offers and consent lies", () => {
    const lies = allLies();
    expect(lies.length).toBeGreaterThan(1500);
    expect(new Set(lies.map((lie) => lie.parts.join(" "))).size).toBe(lies.length);
    expect(new Set(lies.map((lie) => lie.family))).toEqual(
      new Set(["outcome", "offer", "consent", "promise", "language", "split"]),
    );
    expect(
      lies.filter((lie) => lie.family === "split").every((lie) => lie.parts.length === 2),
    ).toBe(true);
  });

  it("tell one lie of each family per try, different across tries and the same for a seed", () => {
    expect(sampleLies(1).map((lie) => lie.family)).toEqual([
      "outcome",
      "offer",
      "consent",
      "promise",
      "language",
      "split",
    ]);
    expect(sampleLies(7)).toEqual(sampleLies(7));
    const drawn = new Set(
      [1, 2, 3, 4, 5, 6, 7, 8].map((seed) => JSON.stringify(sampleLies(seed)[0])),
    );
    expect(drawn.size).toBeGreaterThan(4);
  });

  it("mix a customer-fault reason with damage words about something else", () => {
    expect(MIXED_REASON_COUNT).toBeGreaterThan(100);
    const messages = new Set([1, 2, 3, 4, 5, 6, 7, 8].map(mixedReasonMessage));
    expect(messages.size).toBeGreaterThan(4);
    for (const message of messages) expect(message).toMatch(/too small/);
  });
});
