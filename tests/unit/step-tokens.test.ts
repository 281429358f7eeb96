import { describe, expect, it } from "vitest";
import { stepTokens } from "@/app/(staff)/conversations/[conversationId]/format-run";

describe("stepTokens", () => {
  const step = {
    kind: "model_output" as const,
    usageReported: true,
    inputTokens: 0,
    outputTokens: 0,
  };

  it("says a model output's tokens were not reported rather than showing none", () => {
    expect(stepTokens({ ...step, usageReported: false, inputTokens: 5 })).toBe(
      " · tokens not reported",
    );
  });

  it("shows the tokens a step used", () => {
    expect(stepTokens({ ...step, inputTokens: 12, outputTokens: 3 })).toBe(
      " · 12 in / 3 out tokens",
    );
  });

  it("shows nothing for a step that used no tokens", () => {
    expect(stepTokens({ ...step, kind: "tool_call", usageReported: false })).toBe("");
  });
});
