import { performance } from "node:perf_hooks";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { DEMO_WORKSPACE } from "@/prisma/demo-data";
import { percentile } from "./support";

/*
 * What search costs the writes it rides on: the same writes timed with the search columns'
 * indexes and trigger in place, and with the indexes dropped and the trigger disabled (as before
 * search had them). Rounds alternate (with, without, with, without) so that a change in the
 * machine's load lands on both sides. Each write is one transaction, as the app commits them,
 * on a database with production durability.
 */

const SEARCH_TRIGGER = "conversations_search_fields";

export type WriteCase = "new conversation" | "message on a conversation";

export type WriteTimings = Record<WriteCase, { withSearch: number[]; withoutSearch: number[] }>;

type IndexDefinition = { indexname: string; indexdef: string };

export async function searchIndexes(prisma: PrismaClient): Promise<IndexDefinition[]> {
  return prisma.$queryRaw<IndexDefinition[]>`
    SELECT indexname, indexdef FROM pg_indexes
    WHERE schemaname = current_schema() AND tablename = 'conversations'
      AND (indexdef LIKE '%search_text%' OR indexdef LIKE '%search_order_number%')
    ORDER BY indexname`;
}

export async function measureSearchWriteCost(
  prisma: PrismaClient,
  options: { samplesPerRound: number; rounds: number; existingConversations: number },
): Promise<WriteTimings> {
  const indexes = await searchIndexes(prisma);
  const timings: WriteTimings = {
    "new conversation": { withSearch: [], withoutSearch: [] },
    "message on a conversation": { withSearch: [], withoutSearch: [] },
  };
  let written = 0;
  for (let round = 0; round < options.rounds; round += 1) {
    const searchOn = round % 2 === 0;
    if (!searchOn) {
      for (const index of indexes)
        await prisma.$executeRawUnsafe(`DROP INDEX "${index.indexname}"`);
      await prisma.$executeRawUnsafe(`ALTER TABLE conversations DISABLE TRIGGER ${SEARCH_TRIGGER}`);
    }
    try {
      for (let i = 0; i < options.samplesPerRound; i += 1) {
        written += 1;
        const side = searchOn ? "withSearch" : "withoutSearch";
        timings["new conversation"][side].push(await timeNewConversation(prisma, written));
        const existing = `bench_conv_${String(1 + ((written * 7919) % options.existingConversations)).padStart(7, "0")}`;
        timings["message on a conversation"][side].push(
          await timeMessageOn(prisma, existing, written),
        );
      }
    } finally {
      if (!searchOn) {
        await prisma.$executeRawUnsafe(
          `ALTER TABLE conversations ENABLE TRIGGER ${SEARCH_TRIGGER}`,
        );
        for (const index of indexes) await prisma.$executeRawUnsafe(index.indexdef);
      }
    }
  }
  await prisma.$executeRawUnsafe("ANALYZE");
  return timings;
}

// An email from a new sender: its customer, the conversation and the first message.
async function timeNewConversation(prisma: PrismaClient, n: number): Promise<number> {
  const start = performance.now();
  await prisma.conversation.create({
    data: {
      id: `bench_write_conv_${n}`,
      channel: "email",
      subject: `Bench write ${n}: parcel arrived damaged`,
      customer: {
        create: {
          id: `bench_write_cus_${n}`,
          email: `writer${n}@example.org`,
          workspace: { connect: { key: DEMO_WORKSPACE.key } },
          name: `Writer ${n}`,
        },
      },
      messages: {
        create: { authorKind: "customer", visibility: "customer", body: "The box was crushed." },
      },
    },
  });
  return performance.now() - start;
}

// A customer's reply: the message and the conversation's activity time and status.
async function timeMessageOn(prisma: PrismaClient, conversationId: string, n: number) {
  const start = performance.now();
  await prisma.$transaction([
    prisma.message.create({
      data: {
        conversationId,
        authorKind: "customer",
        visibility: "customer",
        body: `Any news? (${n})`,
      },
    }),
    prisma.conversation.update({
      where: { id: conversationId },
      data: { lastMessageAt: new Date(), status: "agent_working" },
    }),
  ]);
  return performance.now() - start;
}

export function describeWriteCost(timings: WriteTimings): { lines: string[]; worstRatio: number } {
  const lines: string[] = [];
  let worstRatio = 0;
  for (const [name, { withSearch, withoutSearch }] of Object.entries(timings)) {
    const withMedian = percentile(withSearch, 50);
    const withoutMedian = percentile(withoutSearch, 50);
    const ratio = withMedian / withoutMedian;
    worstRatio = Math.max(worstRatio, ratio);
    lines.push(
      `${name.padEnd(28)} with: p50 ${withMedian.toFixed(2)} ms, p95 ${percentile(withSearch, 95).toFixed(2)} ms; ` +
        `without: p50 ${withoutMedian.toFixed(2)} ms, p95 ${percentile(withoutSearch, 95).toFixed(2)} ms; ` +
        `p50 ratio ${ratio.toFixed(2)}`,
    );
  }
  return { lines, worstRatio };
}
