import { afterAll, beforeAll, inject } from "vitest";
import { createOfflineAgent } from "@/lib/agent/model/offline-agent";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { createTestPrisma } from "@/tests/db/test-database";
import { defineStorySuite } from "@/tests/support/story-suite";

// Code under test reads its configuration through env.ts.
process.env.DATABASE_URL ??= inject("databaseUrl");
process.env.NEXTAUTH_SECRET ??= "test-secret-test-secret-test-secret-0000";

let prisma: PrismaClient;
beforeAll(() => {
  prisma = createTestPrisma();
});
afterAll(() => prisma.$disconnect());

defineStorySuite({
  name: "the canonical stories through the offline agent",
  prisma: () => prisma,
  provider: createOfflineAgent,
});
