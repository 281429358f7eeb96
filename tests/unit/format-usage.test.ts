import { describe, expect, it } from "vitest";
import { formatUsage } from "@/app/(staff)/conversations/[conversationId]/format-run";

describe("formatUsage", () => {
  const usage = {
    inputTokens: 0,
    outputTokens: 0,
    costMicroUsd: 0,
    unreported: 0,
    modelOutputs: 2,
  };

  it("says usage was not reported instead of 0 tokens and $0.00", () => {
    expect(formatUsage({ ...usage, unreported: 2 })).toBe(
      "tokens and cost not reported by the model server",
    );
  });

  it("marks totals that leave out unreported steps", () => {
    expect(
      formatUsage({
        ...usage,
        inputTokens: 900,
        outputTokens: 20,
        costMicroUsd: 2000,
        unreported: 1,
      }),
    ).toBe("900 in / 20 out tokens · $0.002 (usage not reported for 1 model step)");
    expect(formatUsage({ ...usage, inputTokens: 5, outputTokens: 1 })).toBe(
      "5 in / 1 out tokens · $0.00",
    );
  });
});
