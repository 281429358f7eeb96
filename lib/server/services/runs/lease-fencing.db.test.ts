import { describe, expect, it } from "vitest";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { queuedRun } from "@/tests/support/claimed-run";
import { seededTestDatabase, testDatabaseClient } from "@/tests/support/test-database-hooks";
import { claimRun, heartbeatLease, LeaseLostError } from "./run-lease";
import { writeStepsFenced } from "./write-steps";

process.env.LOG_LEVEL ??= "silent";

// Two app instances share one database; each is its own client, as two processes would be.
const instanceA = seededTestDatabase();
const instanceB = testDatabaseClient();

const newQueuedRun = async () => (await queuedRun(instanceA, "Fencing")).runId;

const claim = (db: PrismaClient, runId: string, owner: string) =>
  claimRun(db, runId, owner, async () => {});

// What a stall looks like from the database: the owner's lease ran out by Postgres' clock.
async function lapse(runId: string): Promise<void> {
  await instanceA.$executeRaw`
    UPDATE runs SET lease_expires_at = clock_timestamp() - interval '1 second' WHERE id = ${runId}`;
}

// The counters only (no step rows), so the same write can be repeated.
const writeStep = async (db: PrismaClient, runId: string, owner: string) => {
  const { conversationId } = await db.run.findUniqueOrThrow({ where: { id: runId } });
  const target = { runId, conversationId, owner, provider: "offline", model: "offline" };
  const { stopRequested } = await writeStepsFenced(
    db,
    target,
    [],
    { stepCount: 1 },
    {
      sequence: 0,
      kind: "model_output",
    },
  );
  return { stopRequested };
};

describe("the write guard: owner and expiry, by the database clock", () => {
  it("refuses a step write and a renewal from an owner whose lease lapsed, even before anyone else claims", async () => {
    const runId = await newQueuedRun();
    expect(await claim(instanceA, runId, "instance-a")).toMatchObject({ claimed: true });
    await expect(writeStep(instanceA, runId, "instance-a")).resolves.toEqual({
      stopRequested: false,
    });

    await lapse(runId);

    await expect(writeStep(instanceA, runId, "instance-a")).rejects.toBeInstanceOf(LeaseLostError);
    expect(await heartbeatLease(instanceA, runId, "instance-a")).toEqual({
      held: false,
      stopRequested: false,
    });
    const run = await instanceA.run.findUniqueOrThrow({ where: { id: runId } });
    expect(run.stepCount).toBe(1);
    expect(run.leaseExpiresAt?.getTime()).toBeLessThan(Date.now());
  });

  it("hands a stalled instance's run to another instance, whose writes then win", async () => {
    const runId = await newQueuedRun();
    expect(await claim(instanceA, runId, "instance-a")).toMatchObject({ claimed: true });
    await lapse(runId);

    // A wakes from its stall and tries to renew before B's sweep arrives: refused, so B can claim.
    expect((await heartbeatLease(instanceA, runId, "instance-a")).held).toBe(false);
    expect(await claim(instanceB, runId, "instance-b")).toMatchObject({
      claimed: true,
      previousOwner: "instance-a",
    });

    await expect(writeStep(instanceA, runId, "instance-a")).rejects.toBeInstanceOf(LeaseLostError);
    await expect(writeStep(instanceB, runId, "instance-b")).resolves.toEqual({
      stopRequested: false,
    });
    expect((await heartbeatLease(instanceA, runId, "instance-a")).held).toBe(false);
    expect((await heartbeatLease(instanceB, runId, "instance-b")).held).toBe(true);
    expect(await instanceA.run.findUniqueOrThrow({ where: { id: runId } })).toMatchObject({
      leaseOwner: "instance-b",
      status: "running",
    });
  });
});
