import { afterAll, beforeAll, beforeEach, inject } from "vitest";
import { createOpenAiChatProvider } from "@/lib/agent/model/openai-chat";
import { createOpenAiResponsesProvider } from "@/lib/agent/model/openai-responses";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { loadConversationState } from "@/lib/server/services/runs/load-conversation-state";
import { loadTranscript } from "@/lib/server/services/runs/load-transcript";
import { createTestPrisma } from "@/tests/db/test-database";
import { type FakeOpenAiServer, startFakeOpenAiServer } from "@/tests/support/fake-openai-server";
import { offlineModelOverWire } from "@/tests/support/offline-model-over-wire";
import { defineStorySuite } from "@/tests/support/story-suite";

// Code under test reads its configuration through env.ts.
process.env.DATABASE_URL ??= inject("databaseUrl");
process.env.NEXTAUTH_SECRET ??= "test-secret-test-secret-test-secret-0000";

let prisma: PrismaClient;
let fake: FakeOpenAiServer;
beforeAll(async () => {
  prisma = createTestPrisma();
  // Held to what llama.cpp's server accepts (grammar limits, typed Responses items): a request
  // any major server would refuse fails here.
  fake = await startFakeOpenAiServer({ dialect: "llama.cpp" });
});
afterAll(async () => {
  await fake.close();
  await prisma.$disconnect();
});
beforeEach(() => {
  fake.reset();
  // Stories run one at a time, so the newest conversation is the one being served.
  fake.setFallback(
    offlineModelOverWire(async () => {
      const conversation = await prisma.conversation.findFirstOrThrow({
        orderBy: { createdAt: "desc" },
      });
      const [state, transcript] = await Promise.all([
        loadConversationState(prisma, conversation.id),
        loadTranscript(prisma, conversation.id),
      ]);
      return { state, transcript };
    }),
  );
});

const fakeConfig = () => ({
  apiKey: "test-key",
  baseUrl: fake.baseUrl,
  model: "fake-model",
  prices: { inputPerMillionTokensUsd: 0, outputPerMillionTokensUsd: 0 },
  retryBaseDelayMs: 1,
});

defineStorySuite({
  name: "the canonical stories through an OpenAI-compatible model (fake server, chat wire format)",
  prisma: () => prisma,
  provider: () => createOpenAiChatProvider(fakeConfig()),
});

defineStorySuite({
  name: "the canonical stories through an OpenAI-compatible model (fake server, Responses API with stored responses)",
  prisma: () => prisma,
  provider: () => createOpenAiResponsesProvider(fakeConfig()),
});
