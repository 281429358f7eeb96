import { beforeEach } from "vitest";
import { createOpenAiChatProvider } from "@/lib/agent/model/openai-chat";
import { createOpenAiResponsesProvider } from "@/lib/agent/model/openai-responses";
import { loadConversationState } from "@/lib/server/services/runs/load-conversation-state";
import { loadTranscript } from "@/lib/server/services/runs/load-transcript";
import { fakeModelConfig, fakeOpenAiServerForTests } from "@/tests/support/fake-model-for-tests";
import { offlineModelOverWire } from "@/tests/support/offline-model-over-wire";
import { defineStorySuite } from "@/tests/support/story-suite";
import { testDatabaseClient } from "@/tests/support/test-database-hooks";

const prisma = testDatabaseClient();
// Held to what llama.cpp's server accepts (grammar limits, typed Responses items): a request
// any major server would refuse fails here.
const fake = fakeOpenAiServerForTests({ dialect: "llama.cpp" });
beforeEach(() => {
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

defineStorySuite({
  name: "the canonical stories through an OpenAI-compatible model (fake server, chat wire format)",
  prisma,
  provider: () => createOpenAiChatProvider(fakeModelConfig(fake)),
});

defineStorySuite({
  name: "the canonical stories through an OpenAI-compatible model (fake server, Responses API with stored responses)",
  prisma,
  provider: () => createOpenAiResponsesProvider(fakeModelConfig(fake)),
});
