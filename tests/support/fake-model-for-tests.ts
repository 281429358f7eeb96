import { afterAll, beforeAll, beforeEach } from "vitest";
import type { ModelPrices } from "@/lib/agent/model/model-pricing";
import type { OpenAiConfig } from "@/lib/agent/model/openai-chat";
import {
  type FakeOpenAiServer,
  type FakeOpenAiServerOptions,
  startFakeOpenAiServer,
} from "./fake-openai-server";

/**
 * A fake OpenAI-compatible server for this file's tests: started before the first, reset before
 * each (scripted replies, recorded requests, fallback), closed after the last. The handle is the
 * server's from the first test on.
 */
export function fakeOpenAiServerForTests(options: FakeOpenAiServerOptions = {}): FakeOpenAiServer {
  let server: FakeOpenAiServer | undefined;
  const started = (): FakeOpenAiServer => {
    if (!server) throw new Error("The fake model server is started before the file's first test.");
    return server;
  };
  beforeAll(async () => {
    server = await startFakeOpenAiServer(options);
  });
  beforeEach(() => {
    started().reset();
  });
  afterAll(async () => {
    await server?.close();
  });
  return {
    get baseUrl() {
      return started().baseUrl;
    },
    get requests() {
      return started().requests;
    },
    enqueue: (...replies) => started().enqueue(...replies),
    setFallback: (fallback) => started().setFallback(fallback),
    forgetStoredResponses: () => started().forgetStoredResponses(),
    reset: () => started().reset(),
    close: () => started().close(),
  };
}

const FREE: ModelPrices = { inputPerMillionTokensUsd: 0, outputPerMillionTokensUsd: 0 };

/** Provider settings that reach `fake`: its model, free unless priced, retried without a wait. */
export function fakeModelConfig(fake: FakeOpenAiServer, prices: ModelPrices = FREE): OpenAiConfig {
  return {
    apiKey: "test-key",
    baseUrl: fake.baseUrl,
    model: "fake-model",
    prices,
    retryBaseDelayMs: 1,
  };
}
