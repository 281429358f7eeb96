import { limitConcurrentRequests, processRequestSlots } from "./limit-concurrent-requests";
import { createOfflineAgent, OFFLINE_CHUNK_DELAY_MS } from "./offline-agent";
import { createOpenAiChatProvider, type OpenAiConfig } from "./openai-chat";
import { createOpenAiResponsesProvider } from "./openai-responses";
import type { ModelProvider } from "./provider";

/** The model settings the agent reads; the server passes its validated env (lib/server/env.ts). */
export type ModelEnv = {
  OPENAI_API_KEY?: string | undefined;
  OPENAI_BASE_URL?: string | undefined;
  OPENAI_MODEL?: string | undefined;
  OPENAI_API_MODE?: "chat" | "responses" | undefined;
  OPENAI_STORE?: boolean | undefined;
  OPENAI_PRICE_INPUT_PER_MTOK?: number | undefined;
  OPENAI_PRICE_OUTPUT_PER_MTOK?: number | undefined;
  MODEL_CONTEXT_TOKENS?: number | undefined;
  MODEL_MAX_CONCURRENT_REQUESTS?: number | undefined;
};

const DEFAULT_MAX_CONCURRENT_REQUESTS = 500;

export const DEFAULT_OPENAI_MODEL = "gpt-4.1-mini";

// No key means the built-in offline agent: the product works, and is tested, without a network.
export function selectProvider(env: ModelEnv): ModelProvider {
  if (!env.OPENAI_API_KEY) return createOfflineAgent({ chunkDelayMs: OFFLINE_CHUNK_DELAY_MS });
  const config: OpenAiConfig = {
    apiKey: env.OPENAI_API_KEY,
    baseUrl: env.OPENAI_BASE_URL,
    model: env.OPENAI_MODEL ?? DEFAULT_OPENAI_MODEL,
    store: env.OPENAI_STORE ?? hostKeepsConversations(env.OPENAI_BASE_URL),
    contextTokens: env.MODEL_CONTEXT_TOKENS,
    prices: {
      inputPerMillionTokensUsd: env.OPENAI_PRICE_INPUT_PER_MTOK ?? 0,
      outputPerMillionTokensUsd: env.OPENAI_PRICE_OUTPUT_PER_MTOK ?? 0,
    },
  };
  const provider =
    env.OPENAI_API_MODE === "responses"
      ? createOpenAiResponsesProvider(config)
      : createOpenAiChatProvider(config);
  return limitConcurrentRequests(
    provider,
    processRequestSlots(env.MODEL_MAX_CONCURRENT_REQUESTS ?? DEFAULT_MAX_CONCURRENT_REQUESTS),
  );
}

// Only OpenAI and xAI are known to keep stored responses and honour previous_response_id; for any
// other server storing buys nothing and may fail (vLLM 501) or be silently ignored (Ollama).
const STORING_HOSTS = new Set(["api.openai.com", "api.x.ai"]);

export function hostKeepsConversations(baseUrl: string | undefined): boolean {
  return baseUrl === undefined || STORING_HOSTS.has(new URL(baseUrl).hostname);
}
