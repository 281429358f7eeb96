import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { type LogSealer, startLogSealer } from "@/lib/server/audit/log-sealer";
import type { RestartablePostgres } from "@/tests/support/restartable-postgres";
import { ownRestartablePostgres } from "@/tests/support/test-database-hooks";

/*
 * A Postgres of this file's own, so it can be stopped and started again like a real restart
 * (the shared test database must stay up for the other files).
 */

let server: RestartablePostgres;
let prisma: PrismaClient;
let sealer: LogSealer;
// The listener reads the app's env and shared client: both point at this server.
ownRestartablePostgres("restart", { appReadsIt: true }, (own) => {
  server = own.server;
  prisma = own.prisma;
});
process.env.LOG_LEVEL ??= "silent";

beforeAll(() => {
  sealer = startLogSealer({ db: prisma, databaseUrl: server.url, pollMs: 50, takeoverMs: 200 });
});
afterAll(async () => {
  await sealer?.stop();
});

async function publish(topic: string): Promise<void> {
  await prisma.$executeRawUnsafe(
    `INSERT INTO realtime_events (topic, payload) VALUES ('${topic}', '{}')`,
  );
}

describe("realtime listener across a Postgres restart", () => {
  it("reconnects and delivers everything sealed meanwhile, in order, once", async () => {
    const { subscribeRealtime, whenListening, realtimeListenerState } = await import("./listener");
    const topics: string[] = [];
    const positions: bigint[] = [];
    const stop = subscribeRealtime((signal) => {
      if (signal.kind !== "event") return;
      topics.push(signal.event.topic);
      positions.push(signal.event.position);
    });
    expect(await whenListening(30_000)).toBe("listening");
    await publish("before.restart");
    await expect.poll(() => topics, { timeout: 30_000 }).toEqual(["before.restart"]);

    await server.stop();
    await expect.poll(() => realtimeListenerState(), { timeout: 30_000 }).not.toBe("listening");
    await server.start();
    // Written once the database is back, possibly before the listener is: caught up, not lost.
    await expect
      .poll(
        () =>
          publish("after.restart").then(
            () => true,
            () => false,
          ),
        { timeout: 30_000, interval: 200 },
      )
      .toBe(true);
    await publish("later");

    await expect
      .poll(() => topics, { timeout: 30_000 })
      .toEqual(["before.restart", "after.restart", "later"]);
    expect(positions).toEqual([1n, 2n, 3n]);
    expect(await whenListening(30_000)).toBe("listening");
    stop();
  });
});
