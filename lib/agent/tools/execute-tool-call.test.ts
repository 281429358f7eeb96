import { describe, expect, it } from "vitest";
import { z } from "zod";
import { executeToolCall, toToolSpec } from "./execute-tool-call";
import { defineTool, type ToolContext, ToolError } from "./tool-types";

const echo = defineTool({
  name: "echo",
  description: "Echo a word.",
  schema: z.object({ word: z.string().min(1).describe("The word to echo.") }),
  async execute(args) {
    if (args.word === "forbidden")
      throw new ToolError("That word is out of scope.", { word: args.word });
    if (args.word === "bug") throw new Error("database down");
    return { echoed: args.word };
  },
});
const tools = new Map([[echo.name, echo]]);
const context = {} as ToolContext;
const call = (name: string, argumentsJson: string) =>
  executeToolCall(tools, { id: "call_1", name, argumentsJson }, context);

describe("executeToolCall", () => {
  it("runs a valid call", async () => {
    expect(await call("echo", '{"word":"hi"}')).toEqual({
      result: { echoed: "hi" },
      isError: false,
    });
  });

  it.each([
    ["an unknown tool", "issue_refund", '{"word":"hi"}', 'Unknown tool "issue_refund".'],
    [
      "invalid JSON",
      "echo",
      '{"word":',
      "The arguments for echo are not valid JSON. Send a JSON object.",
    ],
    ["a schema failure", "echo", '{"word":""}', "Invalid arguments for echo."],
    ["a refusal by the handler", "echo", '{"word":"forbidden"}', "That word is out of scope."],
  ])("turns %s into an error result the model can read", async (_case, name, args, message) => {
    const outcome = await call(name, args);
    expect(outcome.isError).toBe(true);
    expect(outcome.result.error).toBe(message);
  });

  it("lists the available tools when the name is unknown", async () => {
    expect((await call("nope", "{}")).result.availableTools).toEqual(["echo"]);
  });

  it("lets an unexpected failure of our own code escape", async () => {
    await expect(call("echo", '{"word":"bug"}')).rejects.toThrow("database down");
  });

  it("describes every field in the JSON schema the model sees", () => {
    expect(toToolSpec(echo)).toEqual({
      name: "echo",
      description: "Echo a word.",
      parameters: {
        type: "object",
        properties: { word: { type: "string", minLength: 1, description: "The word to echo." } },
        required: ["word"],
        additionalProperties: false,
      },
    });
  });
});
