import { expect } from "vitest";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { claimRun } from "@/lib/server/services/runs/run-lease";

/** A fresh chat run of the seeded customer sam@example.com, queued: no process has claimed it. */
export async function queuedRun(prisma: PrismaClient, subject: string) {
  const customer = await prisma.customer.findFirstOrThrow({ where: { email: "sam@example.com" } });
  const conversation = await prisma.conversation.create({
    data: { channel: "chat", customerId: customer.id, subject },
  });
  const run = await prisma.run.create({
    data: { conversationId: conversation.id, provider: "offline", model: "offline" },
  });
  return { runId: run.id, conversationId: conversation.id };
}

/** A fresh chat run of the seeded customer sam@example.com, claimed by `owner`: a step writer's target. */
export async function claimedRun(prisma: PrismaClient, owner: string, subject: string) {
  const { runId, conversationId } = await queuedRun(prisma, subject);
  expect(await claimRun(prisma, runId, owner, async () => {})).toMatchObject({ claimed: true });
  return {
    runId,
    conversationId,
    owner,
    provider: "openai-chat",
    model: "fake-model",
  };
}

export type ClaimedRun = Awaited<ReturnType<typeof claimedRun>>;
