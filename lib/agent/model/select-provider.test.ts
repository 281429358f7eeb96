import { describe, expect, it } from "vitest";
import { hostKeepsConversations } from "./select-provider";

describe("OPENAI_STORE default", () => {
  it.each([
    [undefined, true],
    ["https://api.openai.com/v1", true],
    ["https://api.x.ai/v1", true],
    ["http://localhost:11434/v1", false],
    ["http://vllm.internal:8000/v1", false],
    ["https://api.openai.com.evil.example/v1", false],
  ])("%s → store %s", (baseUrl, expected) => {
    expect(hostKeepsConversations(baseUrl)).toBe(expected);
  });
});
