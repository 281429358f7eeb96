import { describe, expect, inject, it } from "vitest";
import { utcConnection } from "@/lib/server/database-session";
import { SerialQueryClient } from "@/lib/server/serial-query-client";
import { createConversation, createCustomerOrder } from "@/tests/support/row-builder";
import { testDatabaseClient } from "@/tests/support/test-database-hooks";

const prisma = testDatabaseClient();

describe("a transaction's queries on its one connection", () => {
  it("answer a read of several relations with no driver warning", async () => {
    const { customerId, orderId } = await createCustomerOrder(prisma);
    await createConversation(prisma, { customerId, orderId, createdAt: new Date() });
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on("warning", onWarning);
    try {
      // Prisma reads each included relation with its own query, sent together (prisma/orm#29468).
      const customer = await prisma.$transaction((tx) =>
        tx.customer.findUniqueOrThrow({
          where: { id: customerId },
          include: { orders: { include: { lines: true } }, conversations: true, sessions: true },
        }),
      );
      expect(customer.orders).toHaveLength(1);
      expect(customer.conversations).toHaveLength(1);
      // A warning is emitted on the next tick.
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings).toEqual([]);
    } finally {
      process.off("warning", onWarning);
    }
  });

  it("go on after one of them fails, and the failure reaches its caller", async () => {
    const client = new SerialQueryClient(utcConnection(inject("databaseUrl")));
    await client.connect();
    try {
      const outcomes = await Promise.allSettled([
        client.query("SELECT 1 / 0 AS fails"),
        client.query("SELECT 2 AS n"),
      ]);
      expect(outcomes[0]).toMatchObject({ status: "rejected" });
      expect(outcomes[1]).toMatchObject({ status: "fulfilled", value: { rows: [{ n: 2 }] } });
    } finally {
      await client.end();
    }
  });
});
