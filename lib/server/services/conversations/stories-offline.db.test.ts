import { createOfflineAgent } from "@/lib/agent/model/offline-agent";
import { defineStorySuite } from "@/tests/support/story-suite";
import { testDatabaseClient } from "@/tests/support/test-database-hooks";

const prisma = testDatabaseClient();

defineStorySuite({
  name: "the canonical stories through the offline agent",
  prisma,
  provider: createOfflineAgent,
});
