import { afterEach, beforeEach, describe, expect, inject, it } from "vitest";
import { testDatabaseClient } from "@/tests/support/test-database-hooks";
import { enqueueJob } from "./enqueue-job";
import { type DeadLetter, type JobRunner, type JobWorkers, startJobRunner } from "./job-runner";

/*
 * The jobs seam on the real pg-boss against the test database: a job belongs to the transaction
 * that wrote it, a failing one is retried with backoff and then dead-lettered and reported, and
 * a poison job never holds up the jobs behind it.
 */

const prisma = testDatabaseClient();
let runner: JobRunner | undefined;

// Other test files leave wake-up and follow-up jobs behind.
beforeEach(() => prisma.$executeRawUnsafe("DELETE FROM pgboss.job"));
afterEach(async () => {
  await runner?.stop(5);
  runner = undefined;
  await prisma.$executeRawUnsafe("DELETE FROM pgboss.job");
});

function start(workers: JobWorkers, onDeadLetter: (letter: DeadLetter) => void = () => {}) {
  return startJobRunner({
    databaseUrl: inject("databaseUrl"),
    workers,
    pollingIntervalSeconds: 0.5,
    onDeadLetter,
    onError: () => {},
  });
}

class Rollback extends Error {}

describe("enqueueJob", () => {
  it("runs a job whose transaction committed and never one whose transaction rolled back", async () => {
    const seen: string[] = [];
    let committedRan: () => void = () => {};
    const ran = new Promise<void>((resolve) => {
      committedRan = resolve;
    });
    await expect(
      prisma.$transaction(async (tx) => {
        await enqueueJob(tx, "approval-follow-up", { actionId: "rolled-back" });
        throw new Rollback();
      }),
    ).rejects.toBeInstanceOf(Rollback);
    await prisma.$transaction((tx) =>
      enqueueJob(tx, "approval-follow-up", { actionId: "committed" }),
    );
    runner = await start({
      "approval-follow-up": {
        handle: async ({ actionId }) => {
          seen.push(actionId);
          if (actionId === "committed") committedRan();
        },
      },
    });
    await ran;
    const stored = await prisma.$queryRaw<{ data: { actionId: string } }[]>`
      SELECT data FROM pgboss.job WHERE name = 'approval-follow-up'`;
    expect(stored.map(({ data }) => data.actionId)).toEqual(["committed"]);
    expect(seen).toEqual(["committed"]);
  });

  it("refuses a payload its job does not accept, before anything is written", async () => {
    await expect(
      prisma.$transaction((tx) => enqueueJob(tx, "run-advance", { runId: "" })),
    ).rejects.toThrow();
  });

  it("keeps one waiting job per singleton key", async () => {
    const first = await enqueueJob(prisma, "run-advance", { runId: "r1" }, { singletonKey: "c1" });
    const second = await enqueueJob(prisma, "run-advance", { runId: "r2" }, { singletonKey: "c1" });
    const other = await enqueueJob(prisma, "run-advance", { runId: "r3" }, { singletonKey: "c2" });
    expect(first).not.toBeNull();
    expect(second).toBeNull();
    expect(other).not.toBeNull();
  });
});

describe("job workers", () => {
  it("retries a failed job with backoff, then succeeds", async () => {
    const attempts: { attempt: number; at: number }[] = [];
    let succeeded: () => void = () => {};
    const done = new Promise<void>((resolve) => {
      succeeded = resolve;
    });
    runner = await start({
      "run-advance": {
        handle: async (_data, job) => {
          attempts.push({ attempt: job.attempt, at: Date.now() });
          if (job.attempt === 1) throw new Error("the database went away");
          succeeded();
        },
      },
    });
    await enqueueJob(prisma, "run-advance", { runId: "run_retry" });
    runner.notify("run-advance");
    await done;
    expect(attempts.map(({ attempt }) => attempt)).toEqual([1, 2]);
    // The queue's retry delay is 2 s.
    expect((attempts[1]?.at ?? 0) - (attempts[0]?.at ?? 0)).toBeGreaterThanOrEqual(1_900);
  });

  it("dead-letters and reports a job that keeps failing, and works the jobs behind it", async () => {
    const letters: DeadLetter[] = [];
    let reported: () => void = () => {};
    const deadLettered = new Promise<void>((resolve) => {
      reported = resolve;
    });
    let healthyRan: () => void = () => {};
    const healthy = new Promise<void>((resolve) => {
      healthyRan = resolve;
    });
    const poison = await enqueueJob(prisma, "sweep-tick", {}, { singletonKey: "poison" });
    await enqueueJob(prisma, "sweep-tick", {}, { singletonKey: "healthy" });
    runner = await start(
      {
        "sweep-tick": {
          handle: async (_data, job) => {
            if (job.id === poison) throw new Error("a row that never parses");
            healthyRan();
          },
        },
      },
      (letter) => {
        letters.push(letter);
        reported();
      },
    );
    await Promise.all([deadLettered, healthy]);
    expect(letters).toHaveLength(1);
    expect(JSON.stringify(letters[0]?.error)).toContain("a row that never parses");
    const [failed] = await prisma.$queryRaw<{ state: string }[]>`
      SELECT state::text FROM pgboss.job WHERE id = ${poison}::uuid`;
    expect(failed?.state).toBe("failed");
  });
});
