import OpenAI from "openai";
import type { ResponseInputItem } from "openai/resources/responses/responses";
import { costMicroUsd, type ModelPrices } from "@/lib/agent/model/model-pricing";
import { PERSONA_DONE, type PersonaTurn, personaInstructions, personaTurns } from "./persona-turns";
import type { CustomerSimulator, Persona, TranscriptLine } from "./personas";

export type ModelSimulatorConfig = {
  apiKey: string;
  baseUrl?: string;
  model: string;
  prices: ModelPrices;
  // The wire format the agent uses (OPENAI_API_MODE): a server may offer only one of them.
  apiMode: "chat" | "responses";
};

type PersonaAnswer = { text: string; inputTokens: number; outputTokens: number };

/*
 * A persona played by the configured model (any OpenAI-compatible endpoint). It is shown the
 * customer-visible transcript only, the customer's side as the user (persona-turns.ts).
 */
export function createModelSimulator(config: ModelSimulatorConfig): CustomerSimulator {
  const client = new OpenAI({ apiKey: config.apiKey, baseURL: config.baseUrl, maxRetries: 2 });
  const ask = config.apiMode === "responses" ? askResponses : askChat;
  return {
    name: "openai",
    model: config.model,
    costOf: (turn) => costMicroUsd(config.prices, turn),
    async nextMessage(persona: Persona, transcript: readonly TranscriptLine[], signal) {
      const answer = await ask(client, config.model, persona, personaTurns(transcript), signal);
      const text = answer.text.trim();
      return {
        text: text === "" || text.includes(PERSONA_DONE) ? null : text.slice(0, 2000),
        inputTokens: answer.inputTokens,
        outputTokens: answer.outputTokens,
      };
    },
  };
}

async function askChat(
  client: OpenAI,
  model: string,
  persona: Persona,
  turns: PersonaTurn[],
  signal?: AbortSignal,
): Promise<PersonaAnswer> {
  const completion = await client.chat.completions.create(
    {
      model,
      temperature: 0.7,
      max_tokens: 200,
      messages: [{ role: "system", content: personaInstructions(persona) }, ...turns],
    },
    { signal },
  );
  return {
    text: completion.choices[0]?.message.content ?? "",
    inputTokens: completion.usage?.prompt_tokens ?? 0,
    outputTokens: completion.usage?.completion_tokens ?? 0,
  };
}

async function askResponses(
  client: OpenAI,
  model: string,
  persona: Persona,
  turns: PersonaTurn[],
  signal?: AbortSignal,
): Promise<PersonaAnswer> {
  const response = await client.responses.create(
    {
      model,
      temperature: 0.7,
      max_output_tokens: 200,
      store: false,
      instructions: personaInstructions(persona),
      input: turns.map(toResponseItem),
    },
    { signal },
  );
  return {
    text: response.output_text ?? "",
    inputTokens: response.usage?.input_tokens ?? 0,
    outputTokens: response.usage?.output_tokens ?? 0,
  };
}

// Typed as the Responses API defines its items: servers that convert them (llama.cpp) refuse an
// assistant turn that is not an output message.
function toResponseItem(turn: PersonaTurn): ResponseInputItem {
  if (turn.role === "user") return { type: "message", role: "user", content: turn.content };
  return {
    type: "message",
    role: "assistant",
    content: [{ type: "output_text", text: turn.content, annotations: [] }],
  } as unknown as ResponseInputItem;
}
