import { afterEach, describe, expect, inject, it } from "vitest";
import { createOfflineAgent } from "@/lib/agent/model/offline-agent";
import { type JobRunner, startJobRunner } from "@/lib/server/process/jobs/job-runner";
import { startStory } from "@/lib/server/services/intake/start-story";
import { seededTestDatabase } from "@/tests/support/test-database-hooks";
import { testUseCaseContext } from "@/tests/support/test-use-case-context";
import { advanceInProcess, runsInProcess } from "./in-process-runs";

const prisma = seededTestDatabase();
let runner: JobRunner | undefined;
const provider = createOfflineAgent();

afterEach(async () => {
  await runner?.stop(5);
  runner = undefined;
});

async function waitForRunToEnd(runId: string): Promise<string> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const { status } = await prisma.run.findUniqueOrThrow({ where: { id: runId } });
    if (status !== "queued" && status !== "running") return status;
    if (Date.now() > deadline) throw new Error(`run ${runId} still ${status} after 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("launching a run in a server process", () => {
  it("advances it at once in the background, without waiting for a job worker", async () => {
    // A server process: job workers started, none of them for runs, and polling rarely.
    runner = await startJobRunner({
      databaseUrl: inject("databaseUrl"),
      workers: { "approval-follow-up": { handle: async () => {} } },
      pollingIntervalSeconds: 60,
      onDeadLetter: () => {},
      onError: () => {},
    });
    const started = await startStory(
      { storyKey: "too-big", freshCustomer: false },
      testUseCaseContext({ db: prisma, model: provider }),
    );
    expect(await started.completion).toBe("advancing_in_background");
    expect(await waitForRunToEnd(started.runId ?? "")).toBe("completed");
    expect(runsInProcess()).toBe(0);
  });
});

describe("advanceInProcess", () => {
  it("takes runs up to its limit and leaves the rest to the job workers", async () => {
    const releases: Array<() => void> = [];
    const held = () =>
      new Promise<void>((resolve) => {
        releases.push(resolve);
      });
    expect(advanceInProcess(2, "run-a", held)).toBe(true);
    expect(advanceInProcess(2, "run-b", held)).toBe(true);
    expect(advanceInProcess(2, "run-c", held)).toBe(false);
    expect(runsInProcess()).toBe(2);
    for (const release of releases) release();
    await new Promise((resolve) => setImmediate(resolve));
    expect(runsInProcess()).toBe(0);
    expect(advanceInProcess(2, "run-c", async () => {})).toBe(true);
  });
});
