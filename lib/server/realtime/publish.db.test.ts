import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";
import { createTestPrisma } from "@/tests/db/test-database";
import { publishRealtime, REALTIME_CHANNEL } from "./publish";

const url = inject("databaseUrl");
const prisma = createTestPrisma();
afterAll(() => prisma.$disconnect());

describe("publishRealtime", () => {
  it("stores the event and notifies listeners with its id on commit only", async () => {
    const listener = new pg.Client({ connectionString: url });
    await listener.connect();
    const heard: string[] = [];
    listener.on("notification", (message) => heard.push(message.payload ?? ""));
    await listener.query(`LISTEN ${REALTIME_CHANNEL}`);
    try {
      await prisma
        .$transaction(async (tx) => {
          await publishRealtime(tx, { topic: "test", payload: { rolledBack: true } });
          throw new Error("roll back");
        })
        .catch(() => {});
      const id = await prisma.$transaction((tx) =>
        publishRealtime(tx, { topic: "test", conversationId: null, payload: { n: 1 } }),
      );
      await expect.poll(() => heard, { timeout: 5000 }).toEqual([id.toString()]);
      const row = await prisma.realtimeEvent.findUniqueOrThrow({ where: { id } });
      expect(row).toMatchObject({ topic: "test", payload: { n: 1 } });
    } finally {
      await listener.end();
    }
  });
});
