import { describe, expect, it } from "vitest";
import { llamaCppRequestProblems } from "@/tests/support/llamacpp-request-rules";
import { executeToolCall } from "./execute-tool-call";
import { AGENT_TOOLS, agentToolSpecs } from "./registry";
import type { ToolContext } from "./tool-types";

describe("the tools the model sees", () => {
  const specs = agentToolSpecs();

  it("are the eight agent tools", () => {
    expect(specs.map((spec) => spec.name).sort()).toEqual([
      "answer_policy_question",
      "check_refund_policy",
      "hand_off_to_person",
      "leave_team_note",
      "lookup_order",
      "open_billing_dispute",
      "propose_refund",
      "send_customer_message",
    ]);
  });

  it.each(specs.map((spec) => [spec.name, spec] as const))(
    "%s has flat, described fields",
    (_name, spec) => {
      const properties = spec.parameters.properties as Record<string, Record<string, unknown>>;
      for (const field of Object.values(properties)) {
        expect(field.description).toEqual(expect.any(String));
        expect(field.type).not.toBe("object");
      }
    },
  );

  it("never let the model supply a refund amount", () => {
    const propose = specs.find((spec) => spec.name === "propose_refund");
    expect(Object.keys(propose?.parameters.properties as object)).toEqual([
      "orderNumber",
      "lineIds",
      "reason",
    ]);
    expect(propose?.description).toContain("NEVER refunds");
  });

  it("compile as llama.cpp grammars (no repetition bound of 2000 or more)", () => {
    const tools = specs.map((spec) => ({ type: "function", function: spec }));
    expect(llamaCppRequestProblems("chat", { messages: [], tools })).toEqual([]);
  });

  it("leave the real length limits to zod, after the call", async () => {
    const outcome = await executeToolCall(
      AGENT_TOOLS,
      {
        id: "c1",
        name: "send_customer_message",
        argumentsJson: JSON.stringify({ body: "a".repeat(4001) }),
      },
      {} as ToolContext,
    );
    expect(outcome.isError).toBe(true);
    expect(JSON.stringify(outcome.result)).toContain("body");
  });
});
