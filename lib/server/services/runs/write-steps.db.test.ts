import { PrismaPg } from "@prisma/adapter-pg";
import { describe, expect, inject, it } from "vitest";
import { type Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import { UTC_SESSION_OPTIONS } from "@/lib/server/database-session";
import { publishRealtime } from "@/lib/server/realtime/publish";
import { type ClaimedRun, claimedRun } from "@/tests/support/claimed-run";
import { seededTestDatabase } from "@/tests/support/test-database-hooks";
import { LEASE_SECONDS, LeaseLostError, type StepTotals } from "./run-lease";
import { type StepRow, writeStepsFenced } from "./write-steps";

process.env.LOG_LEVEL ??= "silent";

const prisma = seededTestDatabase();

const newClaimedRun = (owner: string) => claimedRun(prisma, owner, "Step writes");

type Target = ClaimedRun;

const modelStep: StepRow[] = [
  {
    sequence: 0,
    kind: "model_output",
    text: "Let me look that up.",
    reasoning: null,
    finishReason: "tool_calls",
    inputTokens: 120,
    outputTokens: 30,
    costMicroUsd: 480,
    usageReported: true,
  },
  {
    sequence: 1,
    kind: "tool_call",
    toolCallId: "call_1",
    toolName: "lookup_order",
    // Key order differs from what jsonb keeps: both paths must store (and return) the same.
    toolArgs: { orderNumber: "ORD-1001", a: [1, { z: true, b: null }] },
  },
  { sequence: 2, kind: "tool_call", toolCallId: "call_2", toolName: "x", toolArgs: "not json" },
];
const totals: StepTotals = {
  stepCount: 3,
  inputTokens: 120,
  outputTokens: 30,
  costMicroUsd: 480,
  providerResponseId: "resp_1",
};

// The write as it was before it became one statement: a transaction of a fenced UPDATE, one
// Prisma create per step, and the realtime publish.
async function writeStepsTheOldWay(target: Target, rows: StepRow[], stepTotals: StepTotals) {
  await prisma.$transaction(async (tx) => {
    const renewed = await tx.$queryRaw<unknown[]>`
      UPDATE runs
         SET lease_expires_at = clock_timestamp() + make_interval(secs => ${LEASE_SECONDS}),
             updated_at = now(),
             step_count = ${stepTotals.stepCount},
             input_tokens = input_tokens + ${stepTotals.inputTokens ?? 0},
             output_tokens = output_tokens + ${stepTotals.outputTokens ?? 0},
             cost_micro_usd = cost_micro_usd + ${stepTotals.costMicroUsd ?? 0},
             provider_response_id = COALESCE(${stepTotals.providerResponseId ?? null}, provider_response_id)
       WHERE id = ${target.runId} AND lease_owner = ${target.owner} AND status = 'running'
         AND lease_expires_at >= clock_timestamp()
      RETURNING stop_requested_at`;
    expect(renewed).toHaveLength(1);
    for (const row of rows) {
      await tx.runStep.create({
        data: {
          runId: target.runId,
          sequence: row.sequence,
          kind: row.kind,
          provider: target.provider,
          model: target.model,
          processId: target.owner,
          text: row.text ?? null,
          reasoning: row.reasoning ?? null,
          toolCallId: row.toolCallId ?? null,
          toolName: row.toolName ?? null,
          ...(row.toolArgs != null && { toolArgs: row.toolArgs as Prisma.InputJsonValue }),
          ...(row.toolResult != null && { toolResult: row.toolResult as Prisma.InputJsonValue }),
          isError: row.isError ?? false,
          finishReason: row.finishReason ?? null,
          inputTokens: row.inputTokens ?? 0,
          outputTokens: row.outputTokens ?? 0,
          costMicroUsd: row.costMicroUsd ?? 0,
          usageReported: row.usageReported ?? true,
        },
      });
    }
    await publishRealtime(tx, {
      topic: "run.step",
      conversationId: target.conversationId,
      payload: { runId: target.runId, sequence: rows[0]?.sequence ?? 0, kind: rows[0]?.kind ?? "" },
    });
  });
}

async function stored(target: Target) {
  const run = await prisma.run.findUniqueOrThrow({
    where: { id: target.runId },
    include: { steps: { orderBy: { sequence: "asc" } } },
  });
  const events = await prisma.realtimeEvent.findMany({
    where: { conversationId: target.conversationId },
    orderBy: { id: "asc" },
  });
  return {
    counters: {
      stepCount: run.stepCount,
      inputTokens: run.inputTokens,
      outputTokens: run.outputTokens,
      costMicroUsd: run.costMicroUsd,
      providerResponseId: run.providerResponseId,
      leaseOwner: run.leaseOwner,
    },
    steps: run.steps.map(({ id: _id, runId: _runId, createdAt: _at, ...step }) => step),
    events: events.map((event) => ({
      topic: event.topic,
      payload: { ...(event.payload as object), runId: "run" },
    })),
  };
}

describe("a step write as one statement", () => {
  it("stores exactly what the transaction of separate statements stored", async () => {
    const before = await newClaimedRun("instance-a");
    const after = await newClaimedRun("instance-a");
    await writeStepsTheOldWay(before, modelStep, totals);
    const written = await writeStepsFenced(prisma, after, modelStep, totals, {
      sequence: 0,
      kind: "model_output",
    });

    expect(await stored(after)).toEqual(await stored(before));
    // What the loop keeps in memory is the rows as stored, not as sent.
    const rows = await prisma.runStep.findMany({
      where: { runId: after.runId },
      orderBy: { sequence: "asc" },
    });
    expect(written).toEqual({ steps: rows, stopRequested: false, alsoRead: null });
  });

  it("writes nothing for an owner whose lease lapsed, or for another owner", async () => {
    const target = await newClaimedRun("instance-a");
    await writeStepsFenced(
      prisma,
      target,
      modelStep.slice(0, 1),
      { stepCount: 1 },
      {
        sequence: 0,
        kind: "model_output",
      },
    );
    const written = await stored(target);

    const next: StepRow[] = [{ sequence: 1, kind: "tool_result", toolCallId: "c", toolResult: {} }];
    await expect(
      writeStepsFenced(
        prisma,
        { ...target, owner: "instance-b" },
        next,
        { stepCount: 2 },
        {
          sequence: 1,
          kind: "tool_result",
        },
      ),
    ).rejects.toBeInstanceOf(LeaseLostError);
    await prisma.$executeRaw`
      UPDATE runs SET lease_expires_at = clock_timestamp() - interval '1 second'
       WHERE id = ${target.runId}`;
    await expect(
      writeStepsFenced(
        prisma,
        target,
        next,
        { stepCount: 2 },
        { sequence: 1, kind: "tool_result" },
      ),
    ).rejects.toBeInstanceOf(LeaseLostError);

    expect(await stored(target)).toEqual(written);
  });

  it("reports a stop requested meanwhile", async () => {
    const target = await newClaimedRun("instance-a");
    await prisma.run.update({ where: { id: target.runId }, data: { stopRequestedAt: new Date() } });
    const written = await writeStepsFenced(prisma, target, modelStep.slice(0, 1), totals, {
      sequence: 0,
      kind: "model_output",
    });
    expect(written.stopRequested).toBe(true);
  });

  it("can commit without waiting for the WAL flush, for its own statement only", async () => {
    // One connection, so the statement after the write runs in the same Postgres session.
    const single = new PrismaClient({
      adapter: new PrismaPg({
        connectionString: inject("databaseUrl"),
        options: UTC_SESSION_OPTIONS,
        max: 1,
      }),
    });
    try {
      // The test database runs without flushes; this session flushes, as production does.
      await single.$executeRaw`SET synchronous_commit = on`;
      const target = await newClaimedRun("instance-a");
      const written = await writeStepsFenced(
        single,
        target,
        modelStep,
        totals,
        { sequence: 0, kind: "model_output" },
        { flushOnCommit: false },
      );
      expect(written.steps.map((step) => step.sequence)).toEqual([0, 1, 2]);
      expect((await stored(target)).steps).toHaveLength(3);
      const [setting] = await single.$queryRaw<{ synchronous_commit: string }[]>`
        SHOW synchronous_commit`;
      expect(setting?.synchronous_commit).toBe("on");
    } finally {
      await single.$disconnect();
    }
  });
});
