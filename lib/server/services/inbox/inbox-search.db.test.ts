import { beforeEach, describe, expect, it } from "vitest";
import type { Prisma } from "@/lib/generated/prisma/client";
import { ConversationStatus } from "@/lib/generated/prisma/enums";
import { emptyTestDatabase } from "@/tests/support/test-database-hooks";
import { testWorkspaceId } from "@/tests/support/test-workspace";
import { genericPlan } from "../../../../scripts/bench/generic-plan";
import { searchWords } from "./inbox-conditions";
import { findInboxPage, inboxSearchSql } from "./inbox-queries";

const prisma = emptyTestDatabase();

beforeEach(async () => {
  const workspaceId = await testWorkspaceId(prisma);
  await prisma.customer.create({
    data: { id: "cus_ines", name: "Inés Álvarez", email: "ines.alvarez@example.org", workspaceId },
  });
  await prisma.customer.create({
    data: { id: "cus_tom", name: "Tom Baker", email: "tom_b@example.net", workspaceId },
  });
  await prisma.order.create({
    data: {
      id: "ord_ines",
      number: "Ax-1043",
      customerId: "cus_ines",
      placedAt: new Date("2026-11-01T00:00:00Z"),
      shippingCents: 500,
      paymentMethodLabel: "Visa ending 4242",
    },
  });
});

const found = async (search: string): Promise<string[]> =>
  (await findInboxPage(prisma, { search, limit: 100 })).rows.map((row) => row.id).sort();

async function searchFields(id: string) {
  return prisma.conversation.findUniqueOrThrow({
    where: { id },
    select: { searchText: true, searchOrderNumber: true },
  });
}

describe("inbox search", () => {
  it("finds a word in the subject, the customer's name or email, in any case", async () => {
    await prisma.conversation.createMany({
      data: [
        { id: "conv_mug", channel: "email", customerId: "cus_ines", subject: "Cracked MUG" },
        { id: "conv_tom", channel: "chat", customerId: "cus_tom", subject: "Late parcel" },
      ],
    });
    expect(await found("cracked")).toEqual(["conv_mug"]);
    expect(await found("mUg")).toEqual(["conv_mug"]);
    expect(await found("ÁLVAREZ")).toEqual(["conv_mug"]);
    expect(await found("inés")).toEqual(["conv_mug"]);
    expect(await found("EXAMPLE.NET")).toEqual(["conv_tom"]);
    expect(await found("baker parcel")).toEqual(["conv_tom"]);
    expect(await found("baker mug")).toEqual([]);
  });

  it("never lets a word run from one field into the next", async () => {
    await prisma.conversation.create({
      data: { id: "conv_mug", channel: "email", customerId: "cus_ines", subject: "Cracked mug" },
    });
    // The subject ends in "mug" and the name starts with "Inés".
    expect(await found("muginés")).toEqual([]);
    expect(await found("mug inés")).toEqual(["conv_mug"]);
  });

  it("finds the whole order number in any case, not a part of it", async () => {
    await prisma.conversation.create({
      data: {
        id: "conv_order",
        channel: "email",
        customerId: "cus_ines",
        orderId: "ord_ines",
        subject: "About an order",
      },
    });
    expect(await found("aX-1043")).toEqual(["conv_order"]);
    expect(await found("1043")).toEqual([]);
  });

  it("finds a conversation by its exact id only", async () => {
    await prisma.conversation.create({
      data: { id: "conv_Exact", channel: "chat", customerId: "cus_tom", subject: "Hello" },
    });
    expect(await found("conv_Exact")).toEqual(["conv_Exact"]);
    expect(await found("conv_exact")).toEqual([]);
  });

  it("reads %, _ and \\ in a word as themselves", async () => {
    await prisma.conversation.createMany({
      data: [
        { id: "conv_pct", channel: "email", customerId: "cus_tom", subject: "50% off\\back" },
        { id: "conv_plain", channel: "email", customerId: "cus_tom", subject: "500 off xback" },
      ],
    });
    expect(await found("50%")).toEqual(["conv_pct"]);
    expect(await found("%")).toEqual(["conv_pct"]);
    expect(await found("f\\b")).toEqual(["conv_pct"]);
    expect(await found("tom_b")).toEqual(["conv_pct", "conv_plain"]);
    expect(await found("to_b")).toEqual([]);
    expect(await found("5_0")).toEqual([]);
  });

  it("keeps each conversation's search text current through every write that changes it", async () => {
    await prisma.conversation.create({
      data: { id: "conv_a", channel: "email", customerId: "cus_ines", subject: "Broken lid" },
    });
    // One field a line (the name's accented letters are lowered as the database collation does).
    expect(await searchFields("conv_a")).toEqual({
      searchText: expect.stringMatching(/^broken lid\nin.s .lvarez\nines\.alvarez@example\.org$/),
      searchOrderNumber: null,
    });

    await prisma.conversation.update({ where: { id: "conv_a" }, data: { subject: "Lid fixed" } });
    expect(await found("broken")).toEqual([]);
    expect(await found("fixed")).toEqual(["conv_a"]);

    await prisma.conversation.update({ where: { id: "conv_a" }, data: { orderId: "ord_ines" } });
    expect(await found("ax-1043")).toEqual(["conv_a"]);
    await prisma.order.update({ where: { id: "ord_ines" }, data: { number: "AX-2000" } });
    expect(await found("ax-1043")).toEqual([]);
    expect(await found("ax-2000")).toEqual(["conv_a"]);

    await prisma.customer.update({
      where: { id: "cus_ines" },
      data: { name: "Inés García", email: "ines.garcia@example.org" },
    });
    expect(await found("álvarez")).toEqual([]);
    expect(await found("garcía")).toEqual(["conv_a"]);

    await prisma.conversation.update({ where: { id: "conv_a" }, data: { customerId: "cus_tom" } });
    expect(await found("garcía")).toEqual([]);
    expect(await found("baker")).toEqual(["conv_a"]);

    await prisma.$executeRaw`UPDATE conversations SET status = 'resolved', last_message_at = now() WHERE id = 'conv_a'`;
    expect(await found("baker")).toEqual(["conv_a"]);

    // Code cannot write the search fields: the database computes them again.
    await prisma.conversation.update({
      where: { id: "conv_a" },
      data: { searchText: "forged", searchOrderNumber: "forged" },
    });
    expect(await searchFields("conv_a")).toEqual({
      searchText: "lid fixed\ntom baker\ntom_b@example.net",
      searchOrderNumber: "ax-2000",
    });
  });

  // Whether the planner picks the indexes depends on the table's size (a seq scan, or reading a
  // whole status off a btree, wins on a small one): bench:inbox checks the plan at 100,000
  // conversations. Here, with those two ruled out (in a transaction rolled back): that every
  // word's test is one the indexes can serve, with the wildcards and case folding as they are,
  // all words in one scan of each status's own index.
  it("can serve every search word from each status's trigram index", async () => {
    for (const search of ["word", "two WORDS", "50% o_f"]) {
      const plan = await planWithoutStatusIndexes(inboxSearchSql({ search, limit: 50 }));
      for (const status of Object.values(ConversationStatus)) {
        expect(plan).toContain(`Bitmap Index Scan on conversations_search_text_${status}_trgm_idx`);
      }
      const textConditions = plan
        .split("\n")
        .filter((line) => line.includes("Index Cond:") && line.includes("search_text ~~"));
      expect(textConditions).toHaveLength(Object.values(ConversationStatus).length);
      for (const line of textConditions) {
        expect(line.split("search_text ~~").length - 1).toBe(searchWords(search).length);
      }
    }
  });

  it("has a trigram index for every status", async () => {
    const indexes = await prisma.$queryRaw<{ indexname: string; indexdef: string }[]>`
      SELECT indexname, indexdef FROM pg_indexes
      WHERE tablename = 'conversations' AND indexdef LIKE '%gin_trgm_ops%' ORDER BY indexname`;
    expect(indexes.map((index) => index.indexname).sort()).toEqual(
      Object.values(ConversationStatus)
        .map((status) => `conversations_search_text_${status}_trgm_idx`)
        .sort(),
    );
    for (const index of indexes) {
      const status = /^conversations_search_text_(\w+)_trgm_idx$/.exec(index.indexname)?.[1];
      expect(index.indexdef).toContain(`WHERE (status = '${status}'::"ConversationStatus")`);
    }
  });
});

class RolledBack extends Error {}

async function planWithoutStatusIndexes(statement: Prisma.Sql): Promise<string> {
  let plan = "";
  await prisma
    .$transaction(async (tx) => {
      // Both btrees that can read a whole status (the second by skipping over its channels).
      await tx.$executeRaw`DROP INDEX conversations_status_last_message_at_idx`;
      await tx.$executeRaw`DROP INDEX conversations_channel_status_last_message_at_idx`;
      await tx.$executeRaw`SET LOCAL enable_seqscan = off`;
      plan = await genericPlan(tx, statement);
      throw new RolledBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  return plan;
}
