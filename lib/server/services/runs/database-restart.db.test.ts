import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createOfflineAgent } from "@/lib/agent/model/offline-agent";
import type { ModelProvider } from "@/lib/agent/model/provider";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { createPrismaFor, resetAndSeed } from "@/tests/db/test-database";
import type { RestartablePostgres } from "@/tests/support/restartable-postgres";
import { customerReplies } from "@/tests/support/story-harness";
import { startTcpProxy, type TcpProxy } from "@/tests/support/tcp-proxy";
import { ownRestartablePostgres } from "@/tests/support/test-database-hooks";
import { testUseCaseContext } from "@/tests/support/test-use-case-context";
import { advanceRun } from "./advance-run";
import { claimRun } from "./run-lease";

/*
 * Postgres goes away in the middle of a run's step and comes back a few seconds later. The run
 * rides it out inside the step instead of failing and waiting ~45 s for its lease to lapse. A
 * Postgres of this file's own, so restarting it disturbs no other file.
 */

let pg: RestartablePostgres;
let prisma: PrismaClient;
ownRestartablePostgres("restart_runs", { appReadsIt: true }, (own) => {
  pg = own.server;
  prisma = own.prisma;
});
process.env.LOG_LEVEL ??= "silent";

beforeEach(() => resetAndSeed(prisma));

async function queuedPolicyQuestion(): Promise<{ runId: string; conversationId: string }> {
  const customer = await prisma.customer.findFirstOrThrow({ where: { email: "sam@example.com" } });
  const conversation = await prisma.conversation.create({
    data: { channel: "chat", customerId: customer.id, subject: "Policy" },
  });
  await prisma.message.create({
    data: {
      conversationId: conversation.id,
      authorKind: "customer",
      visibility: "customer",
      body: "What is your refund policy for opened items?",
    },
  });
  const run = await prisma.run.create({
    data: { conversationId: conversation.id, provider: "offline", model: "offline" },
  });
  return { runId: run.id, conversationId: conversation.id };
}

/** The offline agent, with something done to the world just before its `step`th answer. */
function offlineAgentWith(step: number, before: () => Promise<void>): ModelProvider {
  const agent = createOfflineAgent();
  let calls = 0;
  return {
    ...agent,
    async *stream(request) {
      calls += 1;
      if (calls === step) await before();
      yield* agent.stream(request);
    },
  };
}

async function expectEachToolCallOnce(runId: string) {
  const steps = await prisma.runStep.findMany({ where: { runId }, orderBy: { sequence: "asc" } });
  expect(steps.map((step) => step.sequence)).toEqual(steps.map((_, index) => index));
  const calls = steps.filter((step) => step.kind === "tool_call").map((step) => step.toolCallId);
  const results = steps.filter((step) => step.kind === "tool_result").map((s) => s.toolCallId);
  expect(new Set(calls).size).toBe(calls.length);
  expect(results).toEqual(calls);
  return steps;
}

describe("a run across a Postgres restart", () => {
  it("waits out a 3 s restart inside the step and completes soon after, each tool call once", async () => {
    const { runId, conversationId } = await queuedPolicyQuestion();
    let backAt = 0;
    let restarted: Promise<void> = Promise.resolve();
    // Down just before the reply step is stored: that write, the reply tool and the next reads
    // all meet the outage or its aftermath.
    const provider = offlineAgentWith(2, async () => {
      await pg.stop();
      restarted = sleep(3_000)
        .then(() => pg.start())
        .then(() => {
          backAt = Date.now();
        });
    });

    const outcome = await advanceRun(
      { runId, processId: "instance-a", heartbeatMs: 300 },
      testUseCaseContext({ db: prisma, model: provider }),
    );
    await restarted;

    expect(outcome).toBe("completed");
    const run = await prisma.run.findUniqueOrThrow({ where: { id: runId } });
    expect(run).toMatchObject({ status: "completed", leaseOwner: null, error: null });
    expect(backAt).toBeGreaterThan(0);
    expect(run.finishedAt?.getTime()).toBeLessThan(backAt + 5_000);
    const steps = await expectEachToolCallOnce(runId);
    expect(steps.filter((step) => step.kind === "tool_result").map((s) => s.toolName)).toEqual([
      "answer_policy_question",
      "send_customer_message",
    ]);
    expect(await customerReplies(prisma, conversationId)).toHaveLength(1);
    expect(await prisma.auditEvent.count({ where: { kind: "run.failed" } })).toBe(0);
  }, 60_000);
});

describe("retries through one instance's own connection", () => {
  let proxy: TcpProxy;
  let instanceA: PrismaClient;
  beforeAll(async () => {
    proxy = await startTcpProxy(Number(new URL(pg.url).port));
    const viaProxy = new URL(pg.url);
    viaProxy.port = String(proxy.port);
    instanceA = createPrismaFor(viaProxy.toString());
  });
  afterAll(async () => {
    await instanceA?.$disconnect();
    await proxy?.close();
  });

  it("does not write a step once another instance took the lease during the outage", async () => {
    const { runId } = await queuedPolicyQuestion();
    // Instance A loses the database before storing its first step; meanwhile A's lease lapses
    // and instance B claims the run. When A's database comes back, A's retry must not write.
    const provider = offlineAgentWith(1, async () => {
      proxy.cut();
      await prisma.$executeRaw`
        UPDATE runs SET lease_expires_at = clock_timestamp() - interval '1 second'
         WHERE id = ${runId}`;
      expect(await claimRun(prisma, runId, "instance-b", async () => {})).toMatchObject({
        claimed: true,
        previousOwner: "instance-a",
      });
      setTimeout(() => proxy.restore(), 1_000);
    });

    const outcome = await advanceRun(
      { runId, processId: "instance-a" },
      testUseCaseContext({ db: instanceA, model: provider }),
    );

    expect(outcome).toBe("lease_lost");
    expect(await prisma.runStep.count({ where: { runId } })).toBe(0);
    expect(await prisma.run.findUniqueOrThrow({ where: { id: runId } })).toMatchObject({
      status: "running",
      leaseOwner: "instance-b",
      error: null,
    });
  }, 60_000);

  it("stores a step whose answer was lost once, and goes on from it", async () => {
    const { runId, conversationId } = await queuedPolicyQuestion();
    // The reply step's write (one statement, committed on its own) goes through, but instance A
    // only sees its connection drop: its retry must find the step stored instead of writing it
    // again (or failing on the unique sequence).
    const provider = offlineAgentWith(2, async () =>
      proxy.loseNextAnswerTo("INSERT INTO run_steps"),
    );

    const outcome = await advanceRun(
      { runId, processId: "instance-a" },
      testUseCaseContext({ db: instanceA, model: provider }),
    );

    expect(proxy.lostAnswers()).toBe(1);
    expect(outcome).toBe("completed");
    const steps = await expectEachToolCallOnce(runId);
    expect(steps.filter((step) => step.kind === "model_output")).toHaveLength(3);
    expect(await customerReplies(prisma, conversationId)).toHaveLength(1);
  }, 60_000);
});
