import { afterAll, beforeAll, beforeEach } from "vitest";
import type { OpenAiConfig } from "@/lib/agent/model/openai-chat";
import type { TranscriptItem } from "@/lib/agent/model/provider";
import { forgetLearnedCapabilities } from "@/lib/agent/model/responses-capabilities";
import {
  type FakeOpenAiServer,
  type FakeOpenAiServerOptions,
  startFakeOpenAiServer,
} from "./fake-openai-server";

export type FakeOpenAiPerFile = {
  /** The running fake server (set once the file's beforeAll has run). */
  server: FakeOpenAiServer;
  /** A provider config aimed at the fake server, retrying without delay. */
  config(overrides?: Partial<OpenAiConfig>): OpenAiConfig;
};

/**
 * One fake OpenAI-compatible server for a test file: started before its tests, emptied of
 * scripted replies and recorded requests before each test (with the providers' learned server
 * capabilities forgotten), and closed after them.
 */
export function fakeOpenAiPerFile(
  options: FakeOpenAiServerOptions & Pick<OpenAiConfig, "model" | "prices">,
): FakeOpenAiPerFile {
  const { model, prices, ...serverOptions } = options;
  const perFile: FakeOpenAiPerFile = {
    server: undefined as unknown as FakeOpenAiServer,
    config: (overrides = {}) => ({
      apiKey: "test-key",
      baseUrl: perFile.server.baseUrl,
      model,
      prices,
      retryBaseDelayMs: 1,
      ...overrides,
    }),
  };
  beforeAll(async () => {
    perFile.server = await startFakeOpenAiServer(serverOptions);
  });
  afterAll(() => perFile.server.close());
  beforeEach(() => {
    perFile.server.reset();
    forgetLearnedCapabilities();
  });
  return perFile;
}

/**
 * The agent's turn that looked an order up and found none: its tool call and the tool's result,
 * as two transcript items with the given step ids.
 */
export function lookupFindingNoOrders(input: {
  text: string;
  argumentsJson: string;
  stepIds: [string, string];
}): TranscriptItem[] {
  return [
    {
      kind: "assistant",
      text: input.text,
      toolCalls: [{ id: "call_1", name: "lookup_order", argumentsJson: input.argumentsJson }],
      stepId: input.stepIds[0],
    },
    {
      kind: "tool_result",
      toolCallId: "call_1",
      toolName: "lookup_order",
      resultJson: '{"orders":[]}',
      isError: false,
      stepId: input.stepIds[1],
    },
  ];
}
