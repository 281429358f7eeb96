import { PrismaPg } from "@prisma/adapter-pg";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { createOpenAiChatProvider } from "@/lib/agent/model/openai-chat";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { loadConversationState } from "@/lib/server/services/runs/load-conversation-state";
import { type FakeOpenAiServer, startFakeOpenAiServer } from "@/tests/support/fake-openai-server";
import { offlineModelOverWire } from "@/tests/support/offline-model-over-wire";
import { defineStorySuite } from "@/tests/support/story-suite";

const url = process.env.TEST_DATABASE_URL ?? "";
process.env.DATABASE_URL ??= url;
process.env.NEXTAUTH_SECRET ??= "test-secret-test-secret-test-secret-0000";

let prisma: PrismaClient;
let fake: FakeOpenAiServer;
beforeAll(async () => {
  prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: url }) });
  fake = await startFakeOpenAiServer();
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
      return loadConversationState(prisma, conversation.id);
    }),
  );
});

defineStorySuite({
  name: "the canonical stories through an OpenAI-compatible model (fake server, chat wire format)",
  prisma: () => prisma,
  provider: () =>
    createOpenAiChatProvider({
      apiKey: "test-key",
      baseUrl: fake.baseUrl,
      model: "fake-model",
      prices: { inputPerMillionTokensUsd: 0, outputPerMillionTokensUsd: 0 },
      retryBaseDelayMs: 1,
    }),
});
