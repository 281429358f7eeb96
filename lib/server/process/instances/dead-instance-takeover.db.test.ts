import { hostname } from "node:os";
import { describe, expect, inject, it } from "vitest";
import { crashAfterPayment, spawnWorker } from "@/tests/support/spawn-worker";
import { customerReplies } from "@/tests/support/story-harness";
import { seededTestDatabase } from "@/tests/support/test-database-hooks";
import {
  beat,
  DEAD_AFTER_SECONDS,
  declareDead,
  markInstanceStopped,
  registerInstance,
} from "./instance-registry";

const url = inject("databaseUrl");

const prisma = seededTestDatabase();

async function addInstance(id: string, values: { host: string; pid: number; silentFor: number }) {
  await prisma.$executeRaw`
    INSERT INTO app_instances (id, hostname, pid, heartbeat_at)
    VALUES (${id}, ${values.host}, ${values.pid},
            clock_timestamp() - make_interval(secs => ${values.silentFor}))`;
}

describe("app instance heartbeats", () => {
  it("names as suspects only processes that went quiet, and as dead only those that are gone", async () => {
    await registerInstance(prisma, "me");
    await addInstance("live-here", { host: hostname(), pid: process.pid, silentFor: 3 });
    await addInstance("fresh-elsewhere", { host: "elsewhere", pid: 1, silentFor: 0 });
    await addInstance("quiet-elsewhere", { host: "elsewhere", pid: 1, silentFor: 3 });
    await addInstance("silent-elsewhere", {
      host: "elsewhere",
      pid: 1,
      silentFor: DEAD_AFTER_SECONDS + 1,
    });

    const suspects = await beat(prisma, "me");
    expect(
      suspects
        .map((s) => [s.id, s.silentTooLong])
        .sort(([a], [b]) => String(a).localeCompare(String(b))),
    ).toEqual([
      ["live-here", false],
      ["quiet-elsewhere", false],
      ["silent-elsewhere", true],
    ]);
  });

  it("judges nobody dead by silence when its own beats were late too (the database was away)", async () => {
    await addInstance("me", { host: hostname(), pid: process.pid, silentFor: 10 });
    await addInstance("silent-elsewhere", {
      host: "elsewhere",
      pid: 1,
      silentFor: DEAD_AFTER_SECONDS + 5,
    });
    expect(await beat(prisma, "me")).toMatchObject([
      { id: "silent-elsewhere", silentTooLong: false },
    ]);
    // On time again: now the other one's silence counts.
    expect(await beat(prisma, "me")).toMatchObject([
      { id: "silent-elsewhere", silentTooLong: true },
    ]);
  });

  it("counts a process declared dead that beats again as alive, so its real death is seen", async () => {
    await addInstance("stalled", { host: "elsewhere", pid: 1, silentFor: 60 });
    expect((await declareDead(prisma, ["stalled"], "me")).instanceIds).toEqual(["stalled"]);
    await beat(prisma, "stalled");
    await prisma.$executeRaw`
      UPDATE app_instances SET heartbeat_at = clock_timestamp() - interval '60 seconds'
       WHERE id = 'stalled'`;
    await registerInstance(prisma, "me");
    expect(await beat(prisma, "me")).toMatchObject([{ id: "stalled", silentTooLong: true }]);
  });

  it("declares a process dead once, and lapses its run leases and reservations but no one else's", async () => {
    await addInstance("dead", { host: "elsewhere", pid: 1, silentFor: 60 });
    const conversation = await prisma.conversation.create({
      data: {
        channel: "chat",
        subject: "test",
        customer: {
          connect: {
            id: (await prisma.customer.findFirstOrThrow({ where: { email: "sam@example.com" } }))
              .id,
          },
        },
      },
    });
    const lease = new Date(Date.now() + 30_000);
    const [held, reserved, other] = await Promise.all(
      ["dead", "dead/reserved:m1", "someone-else"].map((leaseOwner, index) =>
        prisma.run.create({
          data: {
            conversationId: conversation.id,
            status: index === 1 ? "queued" : "running",
            provider: "offline",
            model: "offline",
            leaseOwner,
            leaseExpiresAt: lease,
          },
        }),
      ),
    );

    const [first, second] = await Promise.all([
      declareDead(prisma, ["dead"], "taker-1"),
      declareDead(prisma, ["dead"], "taker-2"),
    ]);
    const winner = first.instanceIds.length > 0 ? first : second;
    const loser = winner === first ? second : first;
    expect(winner.instanceIds).toEqual(["dead"]);
    expect(winner.runIds.sort()).toEqual([held?.id, reserved?.id].sort());
    expect(loser).toEqual({ instanceIds: [], runIds: [], actionIds: [] });

    const lapsed = await prisma.$queryRaw<{ id: string; lapsed: boolean }[]>`
      SELECT id, lease_expires_at < clock_timestamp() AS lapsed FROM runs ORDER BY id`;
    expect(Object.fromEntries(lapsed.map((row) => [row.id, row.lapsed]))).toEqual({
      [held?.id ?? ""]: true,
      [reserved?.id ?? ""]: true,
      [other?.id ?? ""]: false,
    });
  });

  it("hands a dead process's unsettled payments to its taker, who passes them on if it dies too", async () => {
    const started = await spawnWorker(["start-story", "crash-after-refund"], { databaseUrl: url });
    expect(started.code, started.stderr).toBe(0);
    const { id } = await prisma.pendingAction.findFirstOrThrow();
    const claimOf = async () =>
      (await prisma.pendingAction.findUniqueOrThrow({ where: { id } })).claimedBy;
    for (const instance of ["paid", "dead", "taker"]) {
      await addInstance(instance, { host: "elsewhere", pid: 1, silentFor: 60 });
    }

    // A settled payment stays with the process that made it.
    await prisma.pendingAction.update({
      where: { id },
      data: { status: "executed", claimedBy: "paid" },
    });
    expect((await declareDead(prisma, ["paid"], "taker")).actionIds).toEqual([]);
    expect(await claimOf()).toBe("paid");

    await prisma.pendingAction.update({
      where: { id },
      data: { status: "executing", claimedBy: "dead" },
    });
    expect((await declareDead(prisma, ["dead"], "taker")).actionIds).toEqual([id]);
    expect(await claimOf()).toBe("taker");

    // The taker died before it settled the payment: whoever declares it dead gets the payment.
    expect(await declareDead(prisma, ["taker"], "next")).toMatchObject({
      instanceIds: ["taker"],
      actionIds: [id],
    });
    expect(await claimOf()).toBe("next");
  });
});

describe("after a process is killed, the next one takes over at once", () => {
  function runWorker(args: string[], faultPoint?: string) {
    return spawnWorker(args, { databaseUrl: url, faultPoint });
  }

  it("resumes the dead process's run long before its lease would have lapsed", async () => {
    const crashed = await runWorker(
      ["start-story", "small-refund"],
      "after_tool_result_before_next_step",
    );
    expect(crashed.code, crashed.stderr).toBe(137);
    const before = await prisma.$queryRaw<{ live: boolean }[]>`
      SELECT lease_expires_at > clock_timestamp() + interval '10 seconds' AS live FROM runs`;
    expect(before).toEqual([{ live: true }]);

    const successor = await runWorker(["take-over"]);
    expect(successor.code, successor.stderr).toBe(0);
    expect(successor.output).toMatchObject({ outcomes: ["completed"] });

    const run = await prisma.run.findFirstOrThrow();
    expect(run.status).toBe("completed");
    const recovered = await prisma.auditEvent.findFirstOrThrow({
      where: { kind: "run.lease_recovered" },
    });
    // Taken over while the dead process's lease still had most of its 30 s to run.
    expect(recovered.createdAt.getTime()).toBeLessThan(run.createdAt.getTime() + 20_000);
    const calls = await prisma.runStep.findMany({ where: { runId: run.id, kind: "tool_call" } });
    const results = await prisma.runStep.findMany({
      where: { runId: run.id, kind: "tool_result" },
    });
    expect(calls.length).toBe(results.length);
    expect(new Set(calls.map((step) => step.toolCallId)).size).toBe(calls.length);
    expect(await customerReplies(prisma, run.conversationId)).toHaveLength(1);
  }, 120_000);

  it("settles the payment of a process killed after the provider paid, without the stale-payment wait", async () => {
    await crashAfterPayment(url);
    expect((await prisma.pendingAction.findFirstOrThrow()).status).toBe("executing");

    const successor = await runWorker(["take-over"]);
    expect(successor.code, successor.stderr).toBe(0);
    expect(successor.output).toMatchObject({ taken: { actionIds: [expect.any(String)] } });

    expect((await prisma.refund.findMany()).map((refund) => refund.amountCents)).toEqual([1260]);
    expect((await prisma.pendingAction.findFirstOrThrow()).status).toBe("executed");
    expect(await prisma.auditEvent.count({ where: { kind: "payment.reused" } })).toBe(1);
  }, 120_000);
});

describe("a clean stop", () => {
  it("leaves the registry, so the next start finds nobody to take over from", async () => {
    await registerInstance(prisma, "stopping");
    expect(await markInstanceStopped(prisma, "stopping")).toBe(true);
    // The next start, on the same host, with the stopped process's pid long gone.
    await registerInstance(prisma, "next-start");
    expect(await beat(prisma, "next-start")).toEqual([]);
  });

  it("stays listed while it holds a run lease, so that run is handed on as after a crash", async () => {
    await registerInstance(prisma, "busy");
    const conversation = await prisma.conversation.findFirst();
    const customer = await prisma.customer.findFirstOrThrow();
    const conversationId =
      conversation?.id ??
      (
        await prisma.conversation.create({
          data: { channel: "chat", customerId: customer.id, subject: "Busy" },
        })
      ).id;
    const run = await prisma.run.create({
      data: {
        conversationId,
        status: "running",
        provider: "offline",
        model: "m",
        leaseOwner: "busy/1",
        leaseExpiresAt: new Date(Date.now() + 30_000),
      },
    });
    expect(await markInstanceStopped(prisma, "busy")).toBe(false);
    expect((await declareDead(prisma, ["busy"], "next-start")).runIds).toEqual([run.id]);
  });
});
