import { performance } from "node:perf_hooks";
import { createOpenAiChatProvider } from "@/lib/agent/model/openai-chat";
import { createOpenAiResponsesProvider } from "@/lib/agent/model/openai-responses";
import type { ModelProvider } from "@/lib/agent/model/provider";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { loadConversationState } from "@/lib/server/services/runs/load-conversation-state";
import { loadTranscript } from "@/lib/server/services/runs/load-transcript";
import {
  type FakeModelContext,
  type FakeOpenAiServer,
  type ScriptedReply,
  startFakeOpenAiServer,
} from "@/tests/support/fake-openai-server";
import { offlineModelOverWire } from "@/tests/support/offline-model-over-wire";

/*
 * The model side of bench:turn and bench:tokens: the test suite's fake OpenAI-compatible server
 * on loopback, answering at once with the offline agent's decisions (the stories' test setup).
 * Each answer is reported with the time the "model" spent deciding, so benches can subtract it.
 */

export type ModelDecision = { context: FakeModelContext; reply: ScriptedReply; thinkingMs: number };

export type BenchModel = {
  fake: FakeOpenAiServer;
  provider(api: "chat" | "responses"): ModelProvider;
  /**
   * Answers the next requests with these replies, in order, instead of deciding (null: decide
   * again). A server that keeps no state in the database is served the answers recorded from
   * ours; a request past the end is answered with an error.
   */
  replay(replies: ScriptedReply[] | null): void;
  close(): Promise<void>;
};

// `statePrisma` reads the conversation for the fake model; keep it apart from the client the
// loop uses, so the model's own reads never count as the server's.
export async function startBenchModel(
  statePrisma: PrismaClient,
  onDecision: (decision: ModelDecision) => void = () => {},
): Promise<BenchModel> {
  const fake = await startFakeOpenAiServer();
  // Stories run one at a time, so the newest conversation is the one being served.
  const decide = offlineModelOverWire(async () => {
    const conversation = await statePrisma.conversation.findFirstOrThrow({
      orderBy: { createdAt: "desc" },
    });
    const [state, transcript] = await Promise.all([
      loadConversationState(statePrisma, conversation.id),
      loadTranscript(statePrisma, conversation.id),
    ]);
    return { state, transcript };
  });
  let replaying: ScriptedReply[] | null = null;
  fake.setFallback(async (context) => {
    const start = performance.now();
    const reply = replaying
      ? (replaying.shift() ?? {
          type: "error" as const,
          status: 500,
          message: "bench: no recorded answer left to replay",
        })
      : await decide(context);
    onDecision({ context, reply, thinkingMs: performance.now() - start });
    return reply;
  });
  const config = {
    apiKey: "bench-key",
    baseUrl: fake.baseUrl,
    model: "fake-model",
    prices: { inputPerMillionTokensUsd: 0, outputPerMillionTokensUsd: 0 },
    retryBaseDelayMs: 1,
  };
  return {
    fake,
    provider: (api) =>
      api === "chat" ? createOpenAiChatProvider(config) : createOpenAiResponsesProvider(config),
    replay: (replies) => {
      replaying = replies && [...replies];
    },
    close: () => fake.close(),
  };
}
