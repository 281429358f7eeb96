import { beforeAll, describe, expect, it } from "vitest";
import { seedDatabase } from "@/prisma/seed-database";
import { resetDatabase } from "@/tests/db/test-database";
import { testDatabaseClient } from "@/tests/support/test-database-hooks";
import { testUseCaseContext } from "@/tests/support/test-use-case-context";
import { type InboxQuery, type InboxViewer, inboxQuerySchema, listInbox } from "./list-inbox";

const TOTAL = 130;
const prisma = testDatabaseClient();
const context = testUseCaseContext({ db: prisma });

// Every workspace: these tests are about the listing; inbox-workspaces.db.test.ts scopes it.
const query = (input: Record<string, unknown>): InboxQuery & InboxViewer => ({
  ...inboxQuerySchema.parse(input),
  everyWorkspace: true,
});

beforeAll(async () => {
  await resetDatabase(prisma);
  await seedDatabase(prisma);
  const customers = await prisma.customer.findMany({ orderBy: { email: "asc" } });
  const base = Date.parse("2026-11-01T12:00:00Z");
  await prisma.conversation.createMany({
    data: Array.from({ length: TOTAL }, (_, i) => ({
      id: `conv_${String(i).padStart(4, "0")}`,
      channel: i % 2 === 0 ? ("chat" as const) : ("email" as const),
      status: i % 5 === 0 ? ("needs_approval" as const) : ("resolved" as const),
      customerId: customers[i % customers.length]?.id as string,
      subject: i === 7 ? "Cracked teapot" : `Question ${i}`,
      amountAtStakeCents: i * 100,
      // Every three rows share a timestamp: ties are broken by id, and no page may lose one.
      lastMessageAt: new Date(base + Math.floor(i / 3) * 60_000),
    })),
  });
});

function expectedOrder(ids: { id: string; at: number }[]): string[] {
  return [...ids].sort((a, b) => b.at - a.at || (a.id < b.id ? 1 : -1)).map((row) => row.id);
}

describe("listInbox", () => {
  it("walks every conversation once by keyset pages, newest first, and back again", async () => {
    const all = await prisma.conversation.findMany({ select: { id: true, lastMessageAt: true } });
    const expected = expectedOrder(
      all.map((row) => ({ id: row.id, at: row.lastMessageAt.getTime() })),
    );

    const seen: string[] = [];
    const pages = [];
    let page = await listInbox(query({ limit: 50 }), context);
    expect(page.previousCursor).toBeNull();
    for (;;) {
      pages.push(page);
      seen.push(...page.conversations.map((row) => row.id));
      if (!page.nextCursor) break;
      page = await listInbox(query({ limit: 50, after: page.nextCursor }), context);
    }
    expect(seen).toEqual(expected);
    expect(pages.map((p) => p.conversations.length)).toEqual([50, 50, 30]);

    // From the last page, "newer" returns exactly the page before it, in the same order.
    const back = await listInbox(query({ limit: 50, before: pages[2]?.previousCursor }), context);
    expect(back.conversations.map((row) => row.id)).toEqual(
      pages[1]?.conversations.map((row) => row.id),
    );
    const top = await listInbox(query({ limit: 50, before: back.previousCursor }), context);
    expect(top.conversations.map((row) => row.id)).toEqual(
      pages[0]?.conversations.map((row) => row.id),
    );
    expect(top.previousCursor).toBeNull();
  });

  it("walks them quiet-longest first when asked, every one once, with a status filter, and back again", async () => {
    for (const status of [undefined, "resolved"]) {
      const all = await prisma.conversation.findMany({
        where: status ? { status: "resolved" } : {},
        select: { id: true, lastMessageAt: true },
      });
      const expected = expectedOrder(
        all.map((row) => ({ id: row.id, at: row.lastMessageAt.getTime() })),
      ).reverse();
      const seen: string[] = [];
      const pages = [];
      let page = await listInbox(query({ limit: 40, sort: "oldest", status }), context);
      for (;;) {
        pages.push(page);
        seen.push(...page.conversations.map((row) => row.id));
        if (!page.nextCursor) break;
        page = await listInbox(
          query({ limit: 40, sort: "oldest", status, after: page.nextCursor }),
          context,
        );
      }
      expect(seen).toEqual(expected);
      const last = pages.at(-1);
      const back = await listInbox(
        query({ limit: 40, sort: "oldest", status, before: last?.previousCursor }),
        context,
      );
      expect(back.conversations.map((row) => row.id)).toEqual(
        pages.at(-2)?.conversations.map((row) => row.id),
      );
    }
  });

  it("filters by status and channel and counts per status", async () => {
    const page = await listInbox(
      query({ status: "needs_approval", channel: "chat", limit: 100 }),
      context,
    );
    expect(page.conversations.length).toBe(13);
    expect(
      page.conversations.every((row) => row.status === "needs_approval" && row.channel === "chat"),
    ).toBe(true);
    const none = { count: 0, capped: false };
    expect(page.statusCounts).toEqual({
      agent_working: none,
      waiting_on_customer: none,
      needs_approval: { count: 13, capped: false },
      resolved: { count: 52, capped: false },
      needs_reconciliation: none,
      failed: none,
    });
    expect(page.filtered).toBe(true);
    expect(page.orders).toEqual([]);
  });

  it("searches subject, customer name, email and conversation id, case-insensitively", async () => {
    const bySubject = await listInbox(query({ q: "cracked TEAPOT" }), context);
    expect(bySubject.conversations.map((row) => row.id)).toEqual(["conv_0007"]);
    const byEmail = await listInbox(query({ q: "MAYA@example", limit: 100 }), context);
    expect(byEmail.conversations.length).toBe(26);
    expect(byEmail.conversations.every((row) => row.customer.email === "maya@example.com")).toBe(
      true,
    );
    const byId = await listInbox(query({ q: "conv_0042" }), context);
    expect(byId.conversations.map((row) => row.id)).toEqual(["conv_0042"]);
    const none = await listInbox(query({ q: "%" }), context);
    expect(none.conversations).toEqual([]);
    const underscore = await listInbox(query({ q: "Question_1" }), context);
    expect(underscore.conversations).toEqual([]);
  });

  it("finds an order number in any case, and never by a wildcard", async () => {
    const order = await prisma.order.findFirstOrThrow({ where: { number: "A1043" } });
    await prisma.conversation.create({
      data: {
        id: "conv_order",
        channel: "email",
        customerId: order.customerId,
        orderId: order.id,
        subject: "About an order",
      },
    });
    try {
      const byOrder = await listInbox(query({ q: "a1043" }), context);
      expect(byOrder.conversations.map((row) => row.id)).toEqual(["conv_order"]);
      const byWildcard = await listInbox(query({ q: "A10_3" }), context);
      expect(byWildcard.conversations).toEqual([]);
    } finally {
      await prisma.conversation.delete({ where: { id: "conv_order" } });
    }
  });

  it("finds every word of a search anywhere, and % and _ only as themselves", async () => {
    const maya = await prisma.customer.findFirstOrThrow({ where: { email: "maya@example.com" } });
    await prisma.conversation.createMany({
      data: [
        { id: "conv_pct", channel: "email", customerId: maya.id, subject: "Refund 50% of order_A" },
        { id: "conv_pcx", channel: "email", customerId: maya.id, subject: "Refund 50 of orderXA" },
      ],
    });
    try {
      const ids = async (q: string) =>
        (await listInbox(query({ q, limit: 100 }), context)).conversations.map((row) => row.id);
      expect(await ids("50%")).toEqual(["conv_pct"]);
      expect(await ids("order_A")).toEqual(["conv_pct"]);
      expect(await ids("maya refund")).toEqual(expect.arrayContaining(["conv_pct", "conv_pcx"]));
      expect(await ids("  Maya   50%  ")).toEqual(["conv_pct"]);
      expect(await ids("cracked teapot maya")).toEqual([]);
    } finally {
      await prisma.conversation.deleteMany({ where: { id: { in: ["conv_pct", "conv_pcx"] } } });
    }
  });

  it("reads each row with its customer, order, staff names and tags as the client reads them", async () => {
    const staff = await prisma.staffUser.findFirstOrThrow({ orderBy: { email: "asc" } });
    const order = await prisma.order.findFirstOrThrow({ orderBy: { number: "asc" } });
    await prisma.conversation.update({
      where: { id: "conv_0011" },
      data: {
        assigneeId: staff.id,
        humanOwnerId: staff.id,
        orderId: order.id,
        needsPersonReason: "Asked for a person",
      },
    });
    const { customer } = await prisma.conversation.findUniqueOrThrow({
      where: { id: "conv_0011" },
      select: { customer: { select: { workspaceId: true } } },
    });
    for (const [name, color] of [
      ["VIP", "violet"],
      ["dispute-opened", null],
    ] as const) {
      await prisma.tag.create({
        data: {
          workspaceId: customer.workspaceId,
          name,
          key: name.toLowerCase(),
          color,
          conversations: { create: { conversationId: "conv_0011" } },
        },
      });
    }
    const page = await listInbox(query({ q: "question 1", limit: 100 }), context);
    const ids = page.conversations.map((row) => row.id);
    expect(ids).toContain("conv_0011");
    const expected = await prisma.conversation.findMany({
      where: { id: { in: ids } },
      select: {
        id: true,
        channel: true,
        status: true,
        subject: true,
        amountAtStakeCents: true,
        currency: true,
        lastMessageAt: true,
        createdAt: true,
        workflowStatus: true,
        customer: { select: { id: true, name: true, email: true } },
        order: { select: { number: true } },
        assignee: { select: { name: true } },
        humanOwner: { select: { name: true } },
        needsPersonReason: true,
        firstReplyDueAt: true,
        resolutionDueAt: true,
        firstReplyWarnAt: true,
        resolutionWarnAt: true,
        tags: {
          select: { tag: { select: { id: true, name: true, color: true } } },
          orderBy: { tag: { key: "asc" } },
        },
      },
    });
    const earliest = (...times: (Date | null)[]) =>
      times.filter((time) => time !== null).sort((a, b) => a.getTime() - b.getTime())[0] ?? null;
    const byId = new Map(
      expected.map(
        ({
          firstReplyDueAt,
          resolutionDueAt,
          firstReplyWarnAt,
          resolutionWarnAt,
          tags,
          ...row
        }) => [
          row.id,
          {
            ...row,
            tags: tags.map((link) => link.tag),
            slaDueAt: earliest(firstReplyDueAt, resolutionDueAt),
            slaWarnAt: earliest(firstReplyWarnAt, resolutionWarnAt),
          },
        ],
      ),
    );
    expect(page.conversations).toEqual(ids.map((id) => byId.get(id)));
  });

  it("rejects cursors it did not make and both directions at once", () => {
    expect(inboxQuerySchema.safeParse({ after: "not-a-cursor" }).success).toBe(false);
    expect(inboxQuerySchema.safeParse({ status: "open" }).success).toBe(false);
    const cursor = Buffer.from("1700000000000.conv_0001").toString("base64url");
    expect(inboxQuerySchema.safeParse({ after: cursor, before: cursor }).success).toBe(false);
    expect(inboxQuerySchema.safeParse({ after: cursor, channel: "", q: "" }).success).toBe(true);
  });
});
