import { describe, expect, it } from "vitest";
import type { Actor } from "@/lib/domain/actor";
import { AppError } from "@/lib/errors/app-error";
import { queuedRun } from "@/tests/support/claimed-run";
import { seededTestDatabase } from "@/tests/support/test-database-hooks";
import { testUseCaseContext } from "@/tests/support/test-use-case-context";
import { finishRun } from "./finish-run";
import { resumeRun } from "./resume-run";
import { claimRun } from "./run-lease";
import { RunTransitionRefusedError } from "./run-transitions";
import { stopRun } from "./stop-run";

process.env.LOG_LEVEL ??= "silent";

const prisma = seededTestDatabase();
const context = testUseCaseContext({ db: prisma });
const staff: Actor = { type: "staff", userId: "usr_lead", roles: ["admin"] };

const newQueuedRun = async () => (await queuedRun(prisma, "Lifecycle")).runId;

const claim = (runId: string, owner: string) => claimRun(prisma, runId, owner, async () => {});
const runRow = (runId: string) =>
  prisma.run.findUniqueOrThrow({
    where: { id: runId },
    select: { status: true, leaseOwner: true, stopRequestedAt: true, finishedAt: true },
  });

describe("run status writes go through the lifecycle", () => {
  it("refuses a holder's stop nobody asked for, and writes nothing", async () => {
    const runId = await newQueuedRun();
    await claim(runId, "instance-a");
    const before = await runRow(runId);

    const stopping = finishRun(prisma, runId, "instance-a", { status: "stopped" });
    await expect(stopping).rejects.toBeInstanceOf(RunTransitionRefusedError);
    await expect(stopping).rejects.toMatchObject({ refusal: { code: "STOP_NOT_REQUESTED" } });

    expect(await runRow(runId)).toEqual(before);
    expect(await prisma.auditEvent.count({ where: { subjectId: runId } })).toBe(0);
  });

  it("never claims an ended run, and a completed run cannot be stopped or resumed", async () => {
    const runId = await newQueuedRun();
    await claim(runId, "instance-a");
    await finishRun(prisma, runId, "instance-a", { status: "completed" });
    const completed = await runRow(runId);
    expect(completed).toMatchObject({ status: "completed", leaseOwner: null });

    expect(await claim(runId, "instance-b")).toEqual({ claimed: false });
    await expect(stopRun({ runId, actor: staff }, context)).rejects.toMatchObject({
      code: "CONFLICT",
    });
    await expect(resumeRun({ runId, actor: staff }, context)).rejects.toBeInstanceOf(AppError);

    expect(await runRow(runId)).toEqual(completed);
  });

  it("does not take over a live lease, and asks its holder to stop once", async () => {
    const runId = await newQueuedRun();
    await claim(runId, "instance-a");
    expect(await claim(runId, "instance-b")).toEqual({ claimed: false });

    expect(await stopRun({ runId, actor: staff }, context)).toEqual({
      status: "stopping",
    });
    await finishRun(prisma, runId, "instance-a", { status: "stopped" });
    expect(await runRow(runId)).toMatchObject({ status: "stopped", leaseOwner: null });
    expect(await claim(runId, "instance-b")).toEqual({ claimed: false });
    await expect(stopRun({ runId, actor: staff }, context)).rejects.toMatchObject({
      code: "CONFLICT",
    });
    expect(
      await prisma.auditEvent.findMany({
        where: { subjectId: runId, kind: { startsWith: "run.stop" } },
        select: { kind: true },
        orderBy: { id: "asc" },
      }),
    ).toEqual([{ kind: "run.stop_requested" }, { kind: "run.stopped" }]);
  });
});
