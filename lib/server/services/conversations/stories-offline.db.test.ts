import { PrismaPg } from "@prisma/adapter-pg";
import { afterAll, beforeAll } from "vitest";
import { createOfflineAgent } from "@/lib/agent/model/offline-agent";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { defineStorySuite } from "@/tests/support/story-suite";

const url = process.env.TEST_DATABASE_URL ?? "";
process.env.DATABASE_URL ??= url;
process.env.NEXTAUTH_SECRET ??= "test-secret-test-secret-test-secret-0000";

let prisma: PrismaClient;
beforeAll(() => {
  prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: url }) });
});
afterAll(() => prisma.$disconnect());

defineStorySuite({
  name: "the canonical stories through the offline agent",
  prisma: () => prisma,
  provider: createOfflineAgent,
});
