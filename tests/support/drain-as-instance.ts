import { setTimeout as sleep } from "node:timers/promises";
import type { ModelProvider } from "@/lib/agent/model/provider";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { takeOverWork } from "@/lib/server/process/instances/take-over-work";
import { watchInstances } from "@/lib/server/process/instances/watch-instances";
import { PROCESS_ID } from "@/lib/server/process/process-id";
import { postCustomerMessage } from "@/lib/server/services/intake/post-customer-message";
import { launchRun } from "@/lib/server/services/runs/launch-run";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import { testUseCaseContext } from "./test-use-case-context";

const CONCURRENCY = 4;
// Nothing claimable for this long while runs or payments are unfinished means a dead process's work
// was not taken over: the chaos test fails instead of quietly waiting for leases and sweeps.
const STUCK_AFTER_MS = 10_000;

/*
 * The chaos test's worker: one app instance (registered, beating) doing all the work there is:
 * advance runs and say "yes" to quotes. It is killed at random moments; the next one takes over.
 */
export async function drainAsInstance(db: PrismaClient, provider: ModelProvider) {
  const context = testUseCaseContext({ db, model: provider });
  // Take-overs in flight: the drain must not exit (and disconnect) in the middle of one.
  const takingOver = new Set<Promise<unknown>>();
  const watch = watchInstances({
    db,
    instanceId: PROCESS_ID,
    onReclaimed: async (reclaimed) => {
      const taking = takeOverWork(reclaimed, context).then(({ runs }) => Promise.all(runs));
      takingOver.add(taking);
      try {
        await taking;
      } finally {
        takingOver.delete(taking);
      }
    },
    onProblem: (error) => console.error(error),
  });
  console.log(JSON.stringify({ ready: PROCESS_ID }));
  let idleSince = Date.now();
  for (;;) {
    const claimable = await db.$queryRaw<{ id: string }[]>`
      SELECT id FROM runs
       WHERE status IN ('queued', 'running')
         AND (lease_owner IS NULL OR lease_expires_at < clock_timestamp())
       ORDER BY created_at LIMIT ${CONCURRENCY}`;
    if (claimable.length > 0) {
      await Promise.all(claimable.map(({ id }) => launchRun({ runId: id }, context)));
      idleSince = Date.now();
      continue;
    }
    if (await sayYesToOneQuote(context)) {
      idleSince = Date.now();
      continue;
    }
    const active = await db.run.count({ where: { status: { in: ["queued", "running"] } } });
    // A payment a killed worker was making is settled only once this one declares it dead.
    const paying = await db.pendingAction.count({
      where: { status: { in: ["approved", "executing"] } },
    });
    if (active === 0 && paying === 0 && takingOver.size === 0) break;
    if (Date.now() - idleSince > STUCK_AFTER_MS) {
      throw new Error(
        `${active} runs and ${paying} payments are held by processes nobody took over`,
      );
    }
    await sleep(50);
  }
  await watch.stop();
  return { drained: true };
}

/**
 * The dedupe key of the drain's "yes" to one quote: one per quote, so a quote made again after
 * the first one stopped being true (another conversation refunded some of its units) gets its
 * own yes, as a customer who sees the new quote would give.
 */
export function chaosYesKey(actionId: string): string {
  return `chaos-yes:${actionId}`;
}

async function sayYesToOneQuote(context: UseCaseContext): Promise<boolean> {
  const { db } = context;
  const waiting = await db.pendingAction.findMany({
    where: { status: "awaiting_confirmation" },
    orderBy: { createdAt: "asc" },
    select: { id: true, conversationId: true },
  });
  const answered = new Set(
    (
      await db.message.findMany({
        where: { dedupeKey: { in: waiting.map((action) => chaosYesKey(action.id)) } },
        select: { dedupeKey: true },
      })
    ).map((message) => message.dedupeKey),
  );
  const action = waiting.find((candidate) => !answered.has(chaosYesKey(candidate.id)));
  if (!action) return false;
  const session = await db.customerSession.findFirst({
    where: { conversationId: action.conversationId, endedAt: null },
    select: { id: true },
  });
  const posted = await postCustomerMessage(
    {
      conversationId: action.conversationId,
      text: "yes",
      dedupeKey: chaosYesKey(action.id),
      ...(session && { sessionId: session.id }),
    },
    context,
  );
  await posted.completion;
  return true;
}
