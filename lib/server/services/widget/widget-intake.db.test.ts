import { describe, expect, it, vi } from "vitest";
import { signIdentityToken } from "@/lib/auth/widget-identity-token";
import { seededTestDatabase } from "@/tests/support/test-database-hooks";
import { fixedClock, testUseCaseContext } from "@/tests/support/test-use-case-context";
import { postWidgetMessage } from "./post-widget-message";
import { requireWidgetSession, type WidgetSession } from "./resolve-widget-session";
import { startWidgetSession } from "./start-widget-session";

process.env.LOG_LEVEL ??= "fatal";
// Every run goes to the job workers, none is advanced in this process (see the mock below).
process.env.RUNS_PER_PROCESS = "0";

// As on the app server, a stored run goes to the job workers; no agent turn runs in this test.
vi.mock("@/lib/server/process/jobs/job-runner", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/server/process/jobs/job-runner")>()),
  runsJobWorkers: () => true,
  notifyJobWorkers: () => {},
}));

const prisma = seededTestDatabase();
const context = testUseCaseContext({ db: prisma });

async function mayaSession(): Promise<WidgetSession> {
  const atThisMoment = testUseCaseContext({ db: prisma, now: fixedClock(new Date()) });
  const started = await startWidgetSession(
    {
      workspace: "demo-shop",
      method: "order_check",
      email: "maya@example.com",
      orderNumber: "A1043",
      ip: "203.0.113.9",
    },
    atThisMoment,
  );
  return requireWidgetSession({ token: started.token }, atThisMoment);
}

const customerMessages = (conversationId: string) =>
  prisma.message.count({ where: { conversationId, authorKind: "customer" } });

describe("a widget message's client id", () => {
  it("stores one message and run for a double submit and a later retry, answering each with its ids", async () => {
    const session = await mayaSession();
    const message = { clientMessageId: "double-press-0001", text: "Is my refund on its way?" };
    const twins = await Promise.all([
      postWidgetMessage({ ...message, session }, context),
      postWidgetMessage({ ...message, session }, context),
    ]);
    const retry = await postWidgetMessage({ ...message, session }, context);

    expect(twins.map((answer) => answer.duplicate).sort()).toEqual([false, true]);
    expect(retry.duplicate).toBe(true);
    const ids = [...twins, retry].map((answer) => [answer.messageId, answer.runId]);
    expect(new Set(ids.map((pair) => pair.join(" "))).size).toBe(1);
    expect(retry.runId).toEqual(expect.any(String));
    expect(await customerMessages(session.conversationId)).toBe(1);
    expect(await prisma.run.count({ where: { conversationId: session.conversationId } })).toBe(1);
  });

  it("refuses the id sent again with other text (422) and stores nothing", async () => {
    const session = await mayaSession();
    await postWidgetMessage(
      { clientMessageId: "edited-draft-01", text: "Hello there", session },
      context,
    );
    await expect(
      postWidgetMessage(
        { clientMessageId: "edited-draft-01", text: "Hello, anyone?", session },
        context,
      ),
    ).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
      extensions: { reason: "IDEMPOTENCY_KEY_REUSED" },
    });
    expect(await customerMessages(session.conversationId)).toBe(1);
  });

  it("answers a retry after the customer's allowance is used up, instead of a 429", async () => {
    const session = await mayaSession();
    const first = await postWidgetMessage(
      { clientMessageId: "allowance-00", text: "Message 0: where is my parcel?", session },
      context,
    );
    for (let index = 1; index < 10; index += 1) {
      await postWidgetMessage(
        {
          clientMessageId: `allowance-${String(index).padStart(2, "0")}`,
          text: `Message ${index}: where is my parcel?`,
          session,
        },
        context,
      );
    }
    await expect(
      postWidgetMessage({ clientMessageId: "allowance-10", text: "One more?", session }, context),
    ).rejects.toMatchObject({ code: "RATE_LIMITED" });

    const retried = await postWidgetMessage(
      { clientMessageId: "allowance-00", text: "Message 0: where is my parcel?", session },
      context,
    );
    expect(retried).toEqual({ ...first, duplicate: true });
  });
});

describe("signing in to the widget several times at once", () => {
  it("opens one conversation for all the sessions, and none of them fails", async () => {
    const signIn = () =>
      startWidgetSession(
        {
          workspace: "demo-shop",
          method: "order_check",
          email: "maya@example.com",
          orderNumber: "A1043",
          ip: "203.0.113.10",
        },
        context,
      );
    // Rounds, because the sign-ins race on the throttle row only some of the time.
    const sessions = [];
    for (let round = 0; round < 12; round += 1) {
      sessions.push(...(await Promise.all([signIn(), signIn(), signIn()])));
    }
    expect(new Set(sessions.map((session) => session.conversationId)).size).toBe(1);
    expect(new Set(sessions.map((session) => session.token)).size).toBe(sessions.length);
    const maya = await prisma.customer.findFirstOrThrow({ where: { email: "maya@example.com" } });
    expect(
      await prisma.conversation.count({ where: { customerId: maya.id, channel: "chat" } }),
    ).toBe(1);
  });
});

describe("a shop's signed sign-in sent several times at once", () => {
  it("opens one conversation for 30 sessions started together", async () => {
    const maya = await prisma.customer.findFirstOrThrow({ where: { email: "maya@example.com" } });
    const shop = await prisma.workspace.findUniqueOrThrow({ where: { key: "demo-shop" } });
    const now = new Date();
    const token = await signIdentityToken(
      { customerId: maya.id, email: maya.email },
      shop.identitySecret,
      { now },
    );
    const sessions = await Promise.all(
      Array.from({ length: 30 }, () =>
        startWidgetSession(
          { workspace: "demo-shop", method: "signed_token", token, ip: "203.0.113.11" },
          testUseCaseContext({ db: prisma, now: fixedClock(now) }),
        ),
      ),
    );
    expect(new Set(sessions.map((session) => session.conversationId)).size).toBe(1);
    expect(
      await prisma.conversation.count({ where: { customerId: maya.id, channel: "chat" } }),
    ).toBe(1);
  });
});
