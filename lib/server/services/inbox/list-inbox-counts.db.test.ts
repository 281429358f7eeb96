import { beforeAll, describe, expect, it } from "vitest";
import { INBOX_COUNT_CAP } from "@/lib/domain/capped-count";
import type { ConversationStatus } from "@/lib/generated/prisma/enums";
import { resetDatabase } from "@/tests/db/test-database";
import { testDatabaseClient } from "@/tests/support/test-database-hooks";
import { testUseCaseContext } from "@/tests/support/test-use-case-context";
import { testWorkspaceId } from "@/tests/support/test-workspace";
import { type InboxQuery, type InboxViewer, inboxQuerySchema, listInbox } from "./list-inbox";

// Status counts stop at INBOX_COUNT_CAP: exact up to it, `capped` past it. A status past the cap
// has its share of a search's page read another way (by walking its activity order), so the
// pages are checked here too, across both ways at once.

const prisma = testDatabaseClient();
const context = testUseCaseContext({ db: prisma });
const base = Date.parse("2026-11-01T12:00:00Z");
let next = 0;

// Every workspace: these tests are about the listing; inbox-workspaces.db.test.ts scopes it.
const query = (input: Record<string, unknown>): InboxQuery & InboxViewer => ({
  ...inboxQuerySchema.parse(input),
  everyWorkspace: true,
});

async function addConversations(count: number, status: ConversationStatus, subject: string) {
  const data = Array.from({ length: count }, () => {
    next += 1;
    return {
      id: `conv_${String(next).padStart(5, "0")}`,
      channel: next % 2 === 0 ? ("chat" as const) : ("email" as const),
      status,
      customerId: "cus_ada",
      subject: `${subject} ${next}`,
      // Pairs share a timestamp: the order's ties are broken by id, in both ways of reading.
      lastMessageAt: new Date(base + Math.floor(next / 2) * 60_000 + (next % 7) * 1000),
    };
  });
  await prisma.conversation.createMany({ data });
}

beforeAll(async () => {
  await resetDatabase(prisma);
  await prisma.customer.create({
    data: {
      id: "cus_ada",
      name: "Ada Lovelace",
      email: "ada@example.org",
      workspaceId: await testWorkspaceId(prisma),
    },
  });
  await addConversations(INBOX_COUNT_CAP, "resolved", "Kettle leaks");
  await addConversations(30, "needs_approval", "Kettle refund");
  await addConversations(20, "failed", "Toaster");
});

async function allIds(input: Record<string, unknown>): Promise<string[]> {
  const ids: string[] = [];
  let page = await listInbox(query({ ...input, limit: 100 }), context);
  for (;;) {
    ids.push(...page.conversations.map((row) => row.id));
    if (!page.nextCursor) return ids;
    page = await listInbox(query({ ...input, limit: 100, after: page.nextCursor }), context);
  }
}

async function expectedIds(where: Record<string, unknown>): Promise<string[]> {
  const rows = await prisma.conversation.findMany({
    where,
    orderBy: [{ lastMessageAt: "desc" }, { id: "desc" }],
    select: { id: true },
  });
  return rows.map((row) => row.id);
}

describe("inbox status counts", () => {
  it("are exact at the cap, and capped one past it, browsing and searching", async () => {
    const atCap = await listInbox(query({ q: "kettle" }), context);
    expect(atCap.statusCounts.resolved).toEqual({ count: INBOX_COUNT_CAP, capped: false });
    expect(atCap.statusCounts.needs_approval).toEqual({ count: 30, capped: false });
    expect(atCap.statusCounts.failed).toEqual({ count: 0, capped: false });
    const browsingAtCap = await listInbox(query({}), context);
    expect(browsingAtCap.statusCounts.resolved).toEqual({ count: INBOX_COUNT_CAP, capped: false });
    expect(browsingAtCap.statusCounts.failed).toEqual({ count: 20, capped: false });

    await addConversations(1, "resolved", "Kettle leaks");
    const pastCap = await listInbox(query({ q: "kettle" }), context);
    expect(pastCap.statusCounts.resolved).toEqual({ count: INBOX_COUNT_CAP, capped: true });
    expect(pastCap.statusCounts.needs_approval).toEqual({ count: 30, capped: false });
    const browsingPastCap = await listInbox(query({ status: "failed" }), context);
    expect(browsingPastCap.statusCounts.resolved).toEqual({ count: INBOX_COUNT_CAP, capped: true });
    expect(browsingPastCap.statusCounts.agent_working).toEqual({ count: 0, capped: false });
    // Counted under the other filters: half of them are chats.
    const chats = await listInbox(query({ q: "kettle", channel: "chat" }), context);
    expect(chats.statusCounts.resolved).toEqual({ count: 500, capped: false });
    expect(chats.statusCounts.needs_approval).toEqual({ count: 15, capped: false });
  });

  it("leave a search's pages whole: every match once, in order, past the cap or not", async () => {
    expect((await listInbox(query({ q: "kettle" }), context)).statusCounts.resolved.capped).toBe(
      true,
    );
    const kettle = { subject: { contains: "Kettle" } };
    expect(await allIds({ q: "kettle" })).toEqual(await expectedIds(kettle));
    expect(await allIds({ q: "kettle", status: "resolved", channel: "email" })).toEqual(
      await expectedIds({ ...kettle, status: "resolved", channel: "email" }),
    );
    // A status named twice lists its conversations once, searching or not.
    const twice = { status: ["needs_approval", "needs_approval"] };
    expect(await allIds({ q: "kettle", ...twice })).toEqual(
      await expectedIds({ ...kettle, status: "needs_approval" }),
    );
    expect(await allIds(twice)).toEqual(await expectedIds({ status: "needs_approval" }));
    expect(await allIds({ q: "kettle leaks 1" })).toEqual(
      await expectedIds({
        AND: [{ subject: { contains: "leaks" } }, { subject: { contains: "1" } }],
      }),
    );

    // Back one page from the third returns the second.
    const first = await listInbox(query({ q: "kettle" }), context);
    const second = await listInbox(query({ q: "kettle", after: first.nextCursor }), context);
    const third = await listInbox(query({ q: "kettle", after: second.nextCursor }), context);
    const back = await listInbox(query({ q: "kettle", before: third.previousCursor }), context);
    expect(back.conversations.map((row) => row.id)).toEqual(
      second.conversations.map((row) => row.id),
    );
  });
});
