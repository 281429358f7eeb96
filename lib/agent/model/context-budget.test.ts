import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { estimateRequestTokens, fitToContextBudget } from "./context-budget";
import type { ActionSnapshot, ModelRequest, TranscriptItem } from "./provider";

const openQuote = { id: "pa_open_1", status: "awaiting_confirmation" } as ActionSnapshot;

function request(transcript: TranscriptItem[]): Parameters<typeof fitToContextBudget>[0] {
  return {
    system: "You are a support agent.",
    stateNote: "Pending actions: pa_open_1 awaiting_confirmation.",
    tools: [],
    transcript,
    state: { actions: [openQuote] } as unknown as ModelRequest["state"],
  };
}

// A conversation of `turns` rounds: the customer writes, the agent looks something up.
function conversation(turns: number, resultSize: number): TranscriptItem[] {
  return Array.from({ length: turns }, (_, turn): TranscriptItem[] => [
    { kind: "customer", text: `Message ${turn} from the customer.`, messageId: `m${turn}` },
    {
      kind: "assistant",
      text: "",
      toolCalls: [{ id: `call_${turn}`, name: "lookup_order", argumentsJson: "{}" }],
      stepId: `s${turn}`,
    },
    {
      kind: "tool_result",
      toolCallId: `call_${turn}`,
      toolName: turn === 1 ? "propose_refund" : "lookup_order",
      resultJson: JSON.stringify({
        ...(turn === 1 && { actionId: "pa_open_1" }),
        orders: "x".repeat(resultSize),
      }),
      isError: false,
      stepId: `r${turn}`,
    },
  ]).flat();
}

function tokensOf(fitted: TranscriptItem[], base: ReturnType<typeof request>): number {
  return estimateRequestTokens({ ...base, transcript: fitted });
}

describe("the context budget", () => {
  it("leaves a request that fits untouched", () => {
    const transcript = conversation(3, 100);
    expect(fitToContextBudget(request(transcript), 100_000)).toEqual({
      transcript,
      trimmed: false,
    });
  });

  it("summarises older tool results first, keeping the latest step's and the open quote's", () => {
    const transcript = conversation(6, 3000);
    const fitted = fitToContextBudget(request(transcript), 3000).transcript;
    const results = fitted.filter((item) => item.kind === "tool_result");
    expect(results.at(-1)?.resultJson).toContain("x".repeat(3000));
    expect(results.find((item) => item.toolName === "propose_refund")?.resultJson).toContain(
      "pa_open_1",
    );
    expect(results.filter((item) => item.resultJson.includes("left out"))).toHaveLength(4);
    expect(fitted).toHaveLength(transcript.length);
  });

  it("then leaves out the oldest turns, a call with its results, behind a note", () => {
    const transcript = conversation(40, 10);
    const fitted = fitToContextBudget(request(transcript), 900).transcript;
    expect(fitted[0]).toMatchObject({ kind: "system_note" });
    expect((fitted[0] as { text: string }).text).toMatch(/\d+ earlier items .* left out/);
    expect(fitted.at(-3)).toEqual(transcript.at(-3));
    expect(fitted.some((item) => JSON.stringify(item).includes("pa_open_1"))).toBe(true);
  });

  it("whatever the conversation: within budget when possible, calls paired with results, the latest customer message and the open quote kept", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 0, max: 2000 }),
        fc.integer({ min: 300, max: 20_000 }),
        (turns, resultSize, budget) => {
          const transcript = conversation(turns, resultSize);
          const base = request(transcript);
          const { transcript: fitted } = fitToContextBudget(base, budget);
          const calls = new Set(
            fitted
              .flatMap((item) => (item.kind === "assistant" ? item.toolCalls : []))
              .map((c) => c.id),
          );
          for (const item of fitted) {
            if (item.kind === "tool_result") expect(calls.has(item.toolCallId)).toBe(true);
          }
          const lastCustomer = transcript.findLast((item) => item.kind === "customer");
          expect(fitted).toContainEqual(lastCustomer);
          if (turns > 1) {
            expect(fitted.some((item) => JSON.stringify(item).includes("pa_open_1"))).toBe(true);
          }
          // What must be kept is kept; everything else gives way to the budget.
          const floor = fitToContextBudget(base, 0).transcript;
          if (tokensOf(floor, base) <= budget) {
            expect(tokensOf(fitted, base)).toBeLessThanOrEqual(budget);
          }
        },
      ),
      { numRuns: 100 },
    );
  });
});
