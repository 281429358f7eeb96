import { afterEach, beforeEach, describe, expect, inject, it } from "vitest";
import { createOfflineAgent } from "@/lib/agent/model/offline-agent";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import {
  runSweepTick,
  SWEEP_CADENCE_SECONDS,
  SWEEP_TICK_KEY,
} from "@/lib/server/process/jobs/sweep-tick";
import { followUpDecision } from "@/lib/server/services/approvals/follow-up-decision";
import { approveAction } from "@/lib/server/services/pending-actions/approve-or-reject-action";
import { advanceRunJob } from "@/lib/server/services/runs/advance-run-job";
import { requestAgentTurn } from "@/lib/server/services/runs/request-agent-turn";
import { resumeLapsedRuns } from "@/lib/server/services/runs/resume-lapsed-runs";
import { waitFor } from "@/tests/support/smtp-catcher";
import { actionsOf, approverId, beginStory, customerReplies } from "@/tests/support/story-harness";
import { seededTestDatabase } from "@/tests/support/test-database-hooks";
import { testUseCaseContext } from "@/tests/support/test-use-case-context";
import { enqueueJob } from "./enqueue-job";
import { type JobRunner, startJobRunner } from "./job-runner";

/*
 * Background work on the real job queue: two "instances" (two pg-boss runners with their own
 * process ids in this test process) working the same queues, as the app server does.
 */

const prisma = seededTestDatabase();
const provider = createOfflineAgent();
const context = testUseCaseContext({ db: prisma, model: provider });
let runners: JobRunner[] = [];

beforeEach(async () => {
  await prisma.$executeRawUnsafe("DELETE FROM pgboss.job");
});
afterEach(async () => {
  await Promise.all(runners.map((runner) => runner.stop(10)));
  runners = [];
});

async function startInstance(processId: string): Promise<JobRunner> {
  const runner = await startJobRunner({
    databaseUrl: inject("databaseUrl"),
    pollingIntervalSeconds: 0.5,
    workers: {
      "run-advance": {
        concurrency: 2,
        handle: async ({ runId }) => {
          await advanceRunJob({ runId, processId }, context);
        },
      },
      "approval-follow-up": {
        handle: async ({ actionId }) => {
          await followUpDecision({ actionId }, context);
        },
      },
    },
    onDeadLetter: () => {},
    onError: () => {},
  });
  runners.push(runner);
  return runner;
}

const ended = (prisma: PrismaClient, conversationId: string) =>
  prisma.run.findMany({ where: { conversationId }, orderBy: { createdAt: "asc" } });

async function allRunsEnded(conversationId: string) {
  const runs = await ended(prisma, conversationId);
  return runs.every((run) => run.status === "completed") && runs;
}

async function decisionNotes(conversationId: string): Promise<string[]> {
  const notes = await prisma.message.findMany({
    where: { conversationId, authorKind: "staff", visibility: "internal" },
  });
  return notes.map(({ body }) => body).filter((body) => body.startsWith("Approved the refund"));
}

describe("approval follow-up", () => {
  it("a decision whose request died after the commit still gets paid, noted and told to the customer", async () => {
    const story = await beginStory(prisma, provider, "too-big");
    await story.say("yes");
    const [action] = await actionsOf(prisma, story.conversationId);
    expect(action?.status).toBe("awaiting_approval");
    const repliesBefore = (await customerReplies(prisma, story.conversationId)).length;

    // The request's first transaction commits the decision (and its follow-up job); the process
    // dies before it pays, writes the note or wakes the agent.
    await approveAction(
      { actionId: action?.id ?? "", deciderId: await approverId(prisma) },
      context,
    );
    expect(await decisionNotes(story.conversationId)).toEqual([]);
    // The follow-up job waits a grace period for the request; that request is gone.
    await prisma.$executeRawUnsafe(
      "UPDATE pgboss.job SET start_after = now() WHERE name = 'approval-follow-up'",
    );
    await startInstance("instance-a");

    const replies = await waitFor(async () => {
      const all = await customerReplies(prisma, story.conversationId);
      return all.length > repliesBefore && all;
    }, "the customer's follow-up");
    expect(replies.at(-1)).toContain("$80.10");
    expect(await decisionNotes(story.conversationId)).toHaveLength(1);
    expect(await prisma.refund.count({ where: { pendingActionId: action?.id ?? "" } })).toBe(1);
    const [after] = await actionsOf(prisma, story.conversationId);
    expect(after?.status).toBe("executed");
  });

  it("writes nothing twice when the request did the follow-up itself", async () => {
    const story = await beginStory(prisma, provider, "too-big");
    await story.say("yes");
    const [action] = await actionsOf(prisma, story.conversationId);
    const actionId = action?.id ?? "";
    await approveAction({ actionId, deciderId: await approverId(prisma) }, context);
    expect(await followUpDecision({ actionId }, context)).toMatchObject({
      outcome: "noted",
    });
    const runs = (await ended(prisma, story.conversationId)).length;
    expect(await followUpDecision({ actionId }, context)).toEqual({
      outcome: "noted",
      runId: null,
    });
    expect((await ended(prisma, story.conversationId)).length).toBe(runs);
  });
});

describe("run wake-ups on two instances", () => {
  it("advances one run per conversation at a time, every run to its end", async () => {
    const conversations = [
      (await beginStory(prisma, provider, "too-big")).conversationId,
      (await beginStory(prisma, provider, "small-refund")).conversationId,
    ];
    await startInstance("instance-a");
    await startInstance("instance-b");
    // Bursts of wake-ups for both conversations, while earlier turns are still running.
    for (let round = 0; round < 3; round++) {
      for (const conversationId of conversations) {
        await requestAgentTurn(
          { conversationId, note: `Check in, round ${round}.`, dedupeKey: `round-${round}` },
          context,
        );
      }
    }
    for (const conversationId of conversations) {
      const runs = await waitFor(() => allRunsEnded(conversationId), "every run to complete");
      const steps = await prisma.runStep.findMany({
        where: { run: { conversationId } },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        select: { runId: true },
      });
      // One run's steps never interleave with another's: runs took turns.
      const order = steps.map(({ runId }) => runId).filter((id, i, all) => id !== all[i - 1]);
      expect(new Set(order).size).toBe(order.length);
      expect(runs.length).toBeGreaterThan(1);
    }
  });

  it("takes over a run whose owner died, from any instance", async () => {
    const story = await beginStory(prisma, provider, "too-big");
    await prisma.message.create({
      data: {
        conversationId: story.conversationId,
        authorKind: "system",
        visibility: "internal",
        body: "Check in.",
      },
    });
    // What a dead owner leaves: a running run whose lease lapsed by the database clock.
    const { id: runId } = await prisma.run.create({
      data: {
        conversationId: story.conversationId,
        provider: provider.id,
        model: provider.model,
        status: "running",
        leaseOwner: "dead-instance",
        startedByProcess: "dead-instance",
      },
    });
    await prisma.$executeRaw`
      UPDATE runs SET lease_expires_at = clock_timestamp() - interval '1 second' WHERE id = ${runId}`;
    await startInstance("instance-b");
    await resumeLapsedRuns({}, context);

    const run = await waitFor(async () => {
      const found = await prisma.run.findUniqueOrThrow({ where: { id: runId } });
      return found.status === "completed" && found;
    }, "the taken-over run to complete");
    expect(run.startedByProcess).toBe("dead-instance");
    expect(
      await prisma.auditEvent.count({
        where: { kind: "run.lease_recovered", subjectId: runId },
      }),
    ).toBe(1);
  });

  it("a wake-up that collapsed into one for an ended run still takes over the dead owner's run", async () => {
    // The story's run ended; the sweep's wake-up for the dead owner's run (one waiting per
    // conversation) became the job still waiting for it.
    const story = await beginStory(prisma, provider, "too-big");
    const ended = await prisma.run.findFirstOrThrow({
      where: { conversationId: story.conversationId, status: "completed" },
    });
    await prisma.message.create({
      data: {
        conversationId: story.conversationId,
        authorKind: "system",
        visibility: "internal",
        body: "Check in.",
      },
    });
    const { id: runId } = await prisma.run.create({
      data: {
        conversationId: story.conversationId,
        provider: provider.id,
        model: provider.model,
        status: "running",
        leaseOwner: "dead-instance",
        startedByProcess: "dead-instance",
      },
    });
    await prisma.$executeRaw`
      UPDATE runs SET lease_expires_at = clock_timestamp() - interval '1 second' WHERE id = ${runId}`;

    expect(await advanceRunJob({ runId: ended.id, processId: "instance-b" }, context)).toBe(
      "completed",
    );
    expect(await prisma.run.findUniqueOrThrow({ where: { id: runId } })).toMatchObject({
      status: "completed",
      startedByProcess: "dead-instance",
    });
  });
});

describe("wake-up delay", () => {
  it("claims a run queued in this process at once, not at the next poll", async () => {
    const story = await beginStory(prisma, provider, "too-big");
    // A slow poll elsewhere: only the notification can explain a prompt claim.
    const runner = await startJobRunner({
      databaseUrl: inject("databaseUrl"),
      pollingIntervalSeconds: 30,
      workers: {
        "run-advance": {
          handle: async ({ runId }) => {
            await advanceRunJob({ runId, processId: "instance-a" }, context);
          },
        },
      },
      onDeadLetter: () => {},
      onError: () => {},
    });
    runners.push(runner);
    // The worker's first poll, at start, finds nothing; it then sleeps for 30 s.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const delays: number[] = [];
    for (let turn = 0; turn < 10; turn++) {
      const { runId } = await requestAgentTurn(
        { conversationId: story.conversationId, note: `Check in ${turn}.` },
        context,
      );
      const committedAt = Date.now();
      const claimed = await waitFor(
        () =>
          prisma.auditEvent.findFirst({
            where: { kind: "run.started", subjectId: runId ?? "" },
          }),
        "the run to be claimed",
        10_000,
      );
      delays.push(claimed.createdAt.getTime() - committedAt);
      await waitFor(() => allRunsEnded(story.conversationId), "the turn to end");
    }
    delays.sort((a, b) => a - b);
    console.info(`commit → claim, ms: ${JSON.stringify(delays)}`);
    expect(delays[Math.floor(delays.length / 2)]).toBeLessThan(1_000);
  });
});

describe("the sweep tick", () => {
  it("queues the next tick 15 s out before it sweeps, one waiting for all instances", async () => {
    await enqueueJob(prisma, "sweep-tick", {}, { singletonKey: SWEEP_TICK_KEY });
    const ticks: number[] = [];
    const runner = await startJobRunner({
      databaseUrl: inject("databaseUrl"),
      pollingIntervalSeconds: 0.5,
      workers: {
        "sweep-tick": {
          handle: async () => {
            ticks.push(Date.now());
            await runSweepTick(context);
          },
        },
      },
      onDeadLetter: () => {},
      onError: () => {},
    });
    runners.push(runner);
    const next = await waitFor(async () => {
      const [row] = await prisma.$queryRaw<{ wait_seconds: number }[]>`
        SELECT extract(epoch FROM start_after - now())::float AS wait_seconds
          FROM pgboss.job WHERE name = 'sweep-tick' AND state = 'created'`;
      return ticks.length === 1 && row;
    }, "the next tick");
    expect(next.wait_seconds).toBeGreaterThan(SWEEP_CADENCE_SECONDS - 3);
    expect(next.wait_seconds).toBeLessThanOrEqual(SWEEP_CADENCE_SECONDS);
    // Another instance starting up, or the cron, adds no second tick while one waits.
    expect(await enqueueJob(prisma, "sweep-tick", {}, { singletonKey: SWEEP_TICK_KEY })).toBeNull();
  });
});
