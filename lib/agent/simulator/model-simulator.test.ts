import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type FakeOpenAiServer, startFakeOpenAiServer } from "@/tests/support/fake-openai-server";
import { llamaCppRequestProblems } from "@/tests/support/llamacpp-request-rules";
import { createModelSimulator } from "./model-simulator";
import { PERSONAS, type TranscriptLine } from "./personas";

// The persona's model speaks as the customer, who is the user: checked on the exact requests sent
// to a server held to llama.cpp's rules, in both wire modes.
let fake: FakeOpenAiServer;
beforeAll(async () => {
  fake = await startFakeOpenAiServer({ dialect: "llama.cpp" });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const simulator = (apiMode: "chat" | "responses") =>
  createModelSimulator({
    apiKey: "test-key",
    baseUrl: fake.baseUrl,
    model: "persona-model",
    prices: { inputPerMillionTokensUsd: 0, outputPerMillionTokensUsd: 0 },
    apiMode,
  });

const persona = PERSONAS.angry;

const opened: TranscriptLine[] = [{ from: "customer", text: "My socks are too small." }];
const answered: TranscriptLine[] = [
  ...opened,
  { from: "customer", text: "Hello? Anyone?" },
  { from: "agent", text: "Sorry! Which order is it?" },
  { from: "agent", text: "I can see B2001." },
];

type Turn = { role: string; content: unknown; type?: string };

function turnsOf(api: "chat" | "responses"): Turn[] {
  const body = fake.requests[0]?.body ?? {};
  return api === "chat"
    ? (body.messages as Turn[]).filter((turn) => turn.role !== "system")
    : (body.input as Turn[]);
}

describe.each(["chat", "responses"] as const)("a persona over %s", (api) => {
  it.each([
    ["only the customer has spoken", opened],
    ["the agent spoke last, twice", answered],
  ])(
    "sends the customer's lines as user and never ends on the agent (%s)",
    async (_case, lines) => {
      fake.enqueue({ type: "reply", text: "I want a manager." });
      const next = await simulator(api).nextMessage(persona, lines);
      expect(next.text).toBe("I want a manager.");
      expect(llamaCppRequestProblems(api, fake.requests[0]?.body ?? {})).toEqual([]);
      const turns = turnsOf(api);
      expect(turns.at(-1)?.role).toBe("user");
      expect(JSON.stringify(turns[0])).toContain("My socks are too small.");
      expect(turns[0]?.role).toBe("user");
      const agentTurn = turns.find((turn) => JSON.stringify(turn).includes("Which order"));
      if (lines === answered) expect(agentTurn?.role).toBe("assistant");
      for (const [index, turn] of turns.entries()) {
        expect(turn.role).not.toBe(turns[index + 1]?.role);
      }
    },
  );
});
