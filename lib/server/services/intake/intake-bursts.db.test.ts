import { NextRequest } from "next/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { StaffSession } from "@/lib/server/auth/session";
import { allowMessageInserts, refuseMessageInserts } from "@/tests/support/refuse-message-inserts";
import {
  signedWebhookHeaders,
  TEST_INBOUND_EMAIL_SECRET,
} from "@/tests/support/signed-inbound-email";
import { seededTestDatabase } from "@/tests/support/test-database-hooks";

process.env.LOG_LEVEL ??= "fatal";
// Every run goes to the job workers, none is advanced in this process (see the mock below).
process.env.RUNS_PER_PROCESS = "0";
process.env.INBOUND_EMAIL_SECRET = TEST_INBOUND_EMAIL_SECRET;

const staff = vi.hoisted(() => ({
  session: {
    user: { id: "staff-agent-1", email: "agent@countersign.test", name: "Agent", role: "agent" },
  } as StaffSession,
}));

// The staff member signed in; everything after the session lookup is the real route pipeline.
vi.mock("@/lib/server/auth/session", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/server/auth/session")>()),
  getStaffSessionForRequest: async () => staff.session,
}));
// As on the app server, a stored run is handed to the job workers through its committed wake-up
// job, so the 500 agent turns do not run inside this test: it measures the intake alone.
vi.mock("@/lib/server/process/jobs/job-runner", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/server/process/jobs/job-runner")>()),
  runsJobWorkers: () => true,
  notifyJobWorkers: () => {},
}));

const stories = await import("@/app/api/stories/route");
const newEmail = await import("@/app/api/conversations/email/route");
const inboundEmail = await import("@/app/api/inbound/email/route");

const prisma = seededTestDatabase();
// A New email lands in the signed-in staff member's workspace: the seeded agent's, the demo shop.
beforeEach(async () => {
  const agent = await prisma.staffUser.findUniqueOrThrow({
    where: { email: "agent@countersign.test" },
  });
  staff.session.user.id = agent.id;
});
afterEach(async () => {
  await allowMessageInserts(prisma);
});

type Intake = { path: "/api/stories" | "/api/conversations/email"; key: string; body: object };
type Answer = { status: number; body: { conversationId?: string; runId?: string | null } };

const routeContext = { params: Promise.resolve({}) };

async function send(intake: Intake): Promise<Answer> {
  const request = new NextRequest(`http://localhost:3000${intake.path}`, {
    method: "POST",
    headers: { "content-type": "application/json", "idempotency-key": intake.key },
    body: JSON.stringify(intake.body),
  });
  const handler = intake.path === "/api/stories" ? stories.POST : newEmail.POST;
  const response = await handler(request, routeContext);
  return { status: response.status, body: await response.json() };
}

// Chat and email stories, and emails from new senders (each makes a contact-only customer).
function intake(index: number): Intake {
  const key = `burst-${index}-${crypto.randomUUID()}`;
  if (index % 3 === 0) return { path: "/api/stories", key, body: { storyKey: "small-refund" } };
  if (index % 3 === 1) {
    return { path: "/api/stories", key, body: { storyKey: "cracked-on-arrival" } };
  }
  return {
    path: "/api/conversations/email",
    key,
    body: {
      from: `sender-${index}@example.net`,
      subject: `Request ${index}`,
      body: `Hello, I would like to return the lamp from my order (${index}).`,
    },
  };
}

describe("a burst of intakes on one process", () => {
  // 15–40 s on 2 cores shared with other work (load average 8–12); hence the longer deadline.
  it("500 at once, 50 of them sent twice: no 5xx, one conversation per key, repeats answer the first ids", async () => {
    const intakes = Array.from({ length: 500 }, (_, index) => intake(index));
    // Each repeat goes out at the same moment as its original, so the two race on one key.
    const repeated = intakes.filter((_, index) => index % 10 === 0);
    const requests = [...intakes, ...repeated];
    const answers = await Promise.all(requests.map(send));

    const statuses = new Map<number, number>();
    for (const answer of answers)
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    expect(Object.fromEntries(statuses)).toEqual({ 202: 500, 200: 50 });

    const byKey = new Map<string, Answer[]>();
    requests.forEach((request, index) => {
      byKey.set(request.key, [...(byKey.get(request.key) ?? []), answers[index] as Answer]);
    });
    for (const [key, pair] of byKey) {
      const ids = pair.map((answer) => [answer.body.conversationId, answer.body.runId]);
      expect(new Set(ids.map((id) => id.join(" "))).size, key).toBe(1);
      expect(
        ids[0]?.every((id) => typeof id === "string"),
        key,
      ).toBe(true);
    }

    const conversationIds = new Set(
      [...byKey.values()].map((pair) => pair[0]?.body.conversationId),
    );
    expect(conversationIds.size).toBe(500);
    expect(await prisma.conversation.count()).toBe(500);
    expect(await prisma.message.count({ where: { authorKind: "customer" } })).toBe(500);
    expect(await prisma.idempotencyReceipt.count()).toBe(500);
    // Every run is queued with its wake-up job committed, for whichever worker takes it.
    const runs = await prisma.run.findMany({ select: { id: true, status: true } });
    expect(runs).toHaveLength(500);
    expect(runs.every((run) => run.status === "queued")).toBe(true);
    const [wakeUps] = await prisma.$queryRaw<{ count: bigint }[]>`
      SELECT count(DISTINCT data->>'runId') AS count FROM pgboss.job WHERE name = 'run-advance'`;
    expect(Number(wakeUps?.count)).toBe(500);
  }, 120_000);
});

describe("a repeated intake key", () => {
  it("answers a later repeat with the first request's ids and stores nothing more", async () => {
    const first = intake(2);
    const created = await send(first);
    const again = await send(first);
    expect(created.status).toBe(202);
    expect(again).toEqual({ status: 200, body: created.body });
    expect(await prisma.conversation.count()).toBe(1);
    expect(await prisma.run.count()).toBe(1);
    expect(await prisma.customer.count({ where: { email: "sender-2@example.net" } })).toBe(1);
  });

  it("refuses the same key with another request (422 problem+json) and stores nothing", async () => {
    const first = intake(0);
    const created = await send(first);
    const other = { ...first, body: { storyKey: "too-big" } };
    const request = new NextRequest("http://localhost:3000/api/stories", {
      method: "POST",
      headers: { "content-type": "application/json", "idempotency-key": other.key },
      body: JSON.stringify(other.body),
    });
    const refused = await stories.POST(request, routeContext);
    expect(created.status).toBe(202);
    expect(refused.status).toBe(422);
    expect(refused.headers.get("content-type")).toContain("application/problem+json");
    expect(await refused.json()).toMatchObject({ reason: "IDEMPOTENCY_KEY_REUSED" });
    expect(await prisma.conversation.count()).toBe(1);
  });

  it("is scoped to the staff member: another one's same key is another request", async () => {
    const first = intake(1);
    const mine = await send(first);
    const previous = staff.session;
    staff.session = { user: { ...previous.user, id: "staff-agent-2" } };
    try {
      const theirs = await send(first);
      expect(theirs.status).toBe(202);
      expect(theirs.body.conversationId).not.toBe(mine.body.conversationId);
    } finally {
      staff.session = previous;
    }
  });

  it("refuses a malformed key before anything is stored", async () => {
    const answer = await send({ ...intake(0), key: "two words" });
    expect(answer.status).toBe(422);
    expect(await prisma.conversation.count()).toBe(0);
  });

  it("keeps no receipt for an intake that failed, so the retry with its key creates it", async () => {
    await refuseMessageInserts(prisma);
    const email = intake(5);
    const failed = await send(email);
    expect(failed.status).toBe(500);
    expect(await prisma.conversation.count()).toBe(0);
    expect(await prisma.customer.count({ where: { email: "sender-5@example.net" } })).toBe(0);
    expect(await prisma.idempotencyReceipt.count()).toBe(0);

    await allowMessageInserts(prisma);
    const retried = await send(email);
    expect(retried.status).toBe(202);
    expect(await prisma.conversation.count()).toBe(1);
  });
});

describe("an inbound email delivered twice at once", () => {
  it("opens one conversation; the second delivery is answered with the first's ids", async () => {
    const raw = Buffer.from(
      [
        "From: Stranger <stranger@example.org>",
        "To: support@countersign.local",
        "Subject: Lamp return",
        "Message-ID: <twice-at-once@example.org>",
        "",
        "Hello, I would like to return the lamp I bought last week.",
        "",
      ].join("\r\n"),
    );
    // The provider's retry is signed afresh, so it is a redelivery, not a replayed request.
    const deliver = (timestamp: number) =>
      inboundEmail.POST(
        new Request("http://localhost/api/inbound/email", {
          method: "POST",
          headers: { "content-type": "message/rfc822", ...signedWebhookHeaders(raw, timestamp) },
          body: new Uint8Array(raw),
        }),
      );
    const now = Math.floor(Date.now() / 1000);
    const answers = await Promise.all([deliver(now), deliver(now - 1)]);
    const bodies = await Promise.all(answers.map((answer) => answer.json()));

    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 202]);
    expect(new Set(bodies.map((body) => body.conversationId)).size).toBe(1);
    expect(await prisma.conversation.count()).toBe(1);
    expect(await prisma.customer.count({ where: { email: "stranger@example.org" } })).toBe(1);
    expect(await prisma.run.count()).toBe(1);
  });
});
