import pg from "pg";
import { describe, expect, inject, it } from "vitest";
import { sealPendingLogs } from "@/lib/server/audit/seal-pending-logs";
import { testDatabaseClient } from "@/tests/support/test-database-hooks";
import { publishRealtime, REALTIME_CHANNEL, UNSEALED_CHANNEL } from "./publish";

const url = inject("databaseUrl");
const prisma = testDatabaseClient();

describe("publishRealtime", () => {
  it("stores the event unsealed, wakes the sealer on commit only, and sealing announces its position", async () => {
    const listener = new pg.Client({ connectionString: url });
    await listener.connect();
    const heard: string[] = [];
    listener.on("notification", (message) => heard.push(`${message.channel}:${message.payload}`));
    await listener.query(`LISTEN ${REALTIME_CHANNEL}`);
    await listener.query(`LISTEN ${UNSEALED_CHANNEL}`);
    try {
      await prisma
        .$transaction(async (tx) => {
          await publishRealtime(tx, { topic: "test", payload: { rolledBack: true } });
          throw new Error("roll back");
        })
        .catch(() => {});
      const id = await prisma.$transaction(async (tx) => {
        const first = await publishRealtime(tx, { topic: "test", payload: { n: 1 } });
        await publishRealtime(tx, { topic: "test", payload: { n: 2 } });
        return first;
      });
      await expect.poll(() => heard, { timeout: 5000 }).toEqual([`${UNSEALED_CHANNEL}:`]);
      expect(await prisma.realtimeEvent.findUniqueOrThrow({ where: { id } })).toMatchObject({
        topic: "test",
        payload: { n: 1 },
        position: null,
      });

      await sealPendingLogs(prisma, { checkpoint: false });
      const sealed = await prisma.realtimeEvent.findUniqueOrThrow({ where: { id } });
      expect(sealed.position).not.toBeNull();
      const head = (sealed.position ?? 0n) + 1n;
      await expect
        .poll(() => heard, { timeout: 5000 })
        .toEqual([`${UNSEALED_CHANNEL}:`, `${REALTIME_CHANNEL}:${head}`]);
    } finally {
      await listener.end();
    }
  });
});
