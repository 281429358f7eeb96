import type { ServerEnv } from "@/lib/server/env";
import { createOfflineAgent } from "./offline-agent";
import { createOpenAiChatProvider, type OpenAiConfig } from "./openai-chat";
import { createOpenAiResponsesProvider } from "./openai-responses";
import type { ModelProvider } from "./provider";

type ModelEnv = Pick<
  ServerEnv,
  | "OPENAI_API_KEY"
  | "OPENAI_BASE_URL"
  | "OPENAI_MODEL"
  | "OPENAI_API_MODE"
  | "OPENAI_PRICE_INPUT_PER_MTOK"
  | "OPENAI_PRICE_OUTPUT_PER_MTOK"
>;

export const DEFAULT_OPENAI_MODEL = "gpt-4.1-mini";

// No key means the built-in offline agent: the product works, and is tested, without a network.
export function selectProvider(env: ModelEnv): ModelProvider {
  if (!env.OPENAI_API_KEY) return createOfflineAgent();
  const config: OpenAiConfig = {
    apiKey: env.OPENAI_API_KEY,
    baseUrl: env.OPENAI_BASE_URL,
    model: env.OPENAI_MODEL ?? DEFAULT_OPENAI_MODEL,
    prices: {
      inputPerMillionTokensUsd: env.OPENAI_PRICE_INPUT_PER_MTOK ?? 0,
      outputPerMillionTokensUsd: env.OPENAI_PRICE_OUTPUT_PER_MTOK ?? 0,
    },
  };
  return env.OPENAI_API_MODE === "responses"
    ? createOpenAiResponsesProvider(config)
    : createOpenAiChatProvider(config);
}
