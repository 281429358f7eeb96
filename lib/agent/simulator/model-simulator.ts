import OpenAI from "openai";
import { costMicroUsd, type ModelPrices } from "@/lib/agent/model/model-pricing";
import type { CustomerSimulator, Persona, TranscriptLine } from "./personas";

export type ModelSimulatorConfig = {
  apiKey: string;
  baseUrl?: string;
  model: string;
  prices: ModelPrices;
};

const DONE = "[DONE]";

/*
 * A persona played by the configured model (any OpenAI-compatible endpoint). It is shown the
 * customer-visible transcript only, from the customer's side: the agent's messages as the other
 * party, its own earlier messages as its own.
 */
export function createModelSimulator(config: ModelSimulatorConfig): CustomerSimulator {
  const client = new OpenAI({ apiKey: config.apiKey, baseURL: config.baseUrl, maxRetries: 2 });
  return {
    name: "openai",
    model: config.model,
    costOf: (turn) => costMicroUsd(config.prices, turn),
    async nextMessage(persona: Persona, transcript: readonly TranscriptLine[], signal) {
      const completion = await client.chat.completions.create(
        {
          model: config.model,
          temperature: 0.7,
          max_tokens: 200,
          messages: [
            {
              role: "system",
              content: `You are role-playing a customer writing to a shop's support team. ${persona.brief} Write only the customer's next message: one to three sentences, plain text, no quotes. When you have nothing more to say, reply with exactly ${DONE}.`,
            },
            ...transcript.map((line) => ({
              role: line.from === "customer" ? ("assistant" as const) : ("user" as const),
              content: line.text,
            })),
          ],
        },
        { signal },
      );
      const text = completion.choices[0]?.message.content?.trim() ?? "";
      return {
        text: text === "" || text.includes(DONE) ? null : text.slice(0, 2000),
        inputTokens: completion.usage?.prompt_tokens ?? 0,
        outputTokens: completion.usage?.completion_tokens ?? 0,
      };
    },
  };
}
