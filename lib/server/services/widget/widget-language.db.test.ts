import { NextRequest } from "next/server";
import { describe, expect, it, vi } from "vitest";
import { POST } from "@/app/api/widget/language/route";
import { WIDGET_SESSION_COOKIE } from "@/lib/auth/widget-session-cookie";
import { seededTestDatabase } from "@/tests/support/test-database-hooks";
import { fixedClock, testUseCaseContext } from "@/tests/support/test-use-case-context";
import { getWidgetSnapshot } from "./get-widget-snapshot";
import { postWidgetMessage } from "./post-widget-message";
import { requireWidgetSession } from "./resolve-widget-session";
import { startWidgetSession } from "./start-widget-session";

process.env.LOG_LEVEL ??= "fatal";
process.env.RUNS_PER_PROCESS = "0";

// A stored run goes to the job workers; no agent turn runs in this test.
vi.mock("@/lib/server/process/jobs/job-runner", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/server/process/jobs/job-runner")>()),
  runsJobWorkers: () => true,
  notifyJobWorkers: () => {},
}));

const prisma = seededTestDatabase();
const context = testUseCaseContext({ db: prisma });

async function samSignsIn(language?: "es" | "de") {
  const atThisMoment = testUseCaseContext({ db: prisma, now: fixedClock(new Date()) });
  return startWidgetSession(
    {
      workspace: "demo-shop",
      method: "order_check",
      email: "sam@example.com",
      orderNumber: "B2001",
      ip: "203.0.113.21",
      ...(language && { language }),
    },
    atThisMoment,
  );
}

function chooseLanguage(token: string | null, body: unknown, origin?: string) {
  return POST(
    new NextRequest("http://localhost:3000/api/widget/language", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(token && { cookie: `${WIDGET_SESSION_COOKIE}=${token}` }),
        ...(origin && { origin }),
      },
      body: JSON.stringify(body),
    }),
    { params: Promise.resolve({}) },
  );
}

const languageOf = (conversationId: string) =>
  prisma.conversation.findUniqueOrThrow({
    where: { id: conversationId },
    select: { language: true, languageSource: true },
  });

const languageEvents = (conversationId: string) =>
  prisma.auditEvent.findMany({
    where: { conversationId, kind: "conversation.language_set" },
    orderBy: { id: "asc" },
    select: { actorKind: true, actorId: true, payload: true },
  });

let messageCount = 0;
async function customerWrites(token: string, text: string) {
  const session = await requireWidgetSession({ token }, context);
  messageCount += 1;
  await postWidgetMessage(
    { clientMessageId: `language-test-${messageCount}`, text, session },
    context,
  );
}

describe("POST /api/widget/language", () => {
  it("sets the conversation's language as the customer's choice, audited, and detection never undoes it", async () => {
    const started = await samSignsIn();
    await customerWrites(started.token, "Hi, the rain jacket I ordered is far too big for me.");
    expect(await languageOf(started.conversationId)).toEqual({
      language: "en",
      languageSource: "detected",
    });

    const chosen = await chooseLanguage(started.token, { language: "es" });
    expect(chosen.status).toBe(200);
    expect(await chosen.json()).toEqual({ language: "es" });
    expect(await languageOf(started.conversationId)).toEqual({
      language: "es",
      languageSource: "customer",
    });
    const customer = await prisma.customer.findFirstOrThrow({
      where: { email: "sam@example.com" },
    });
    expect((await languageEvents(started.conversationId)).at(-1)).toEqual({
      actorKind: "customer",
      actorId: customer.id,
      payload: {
        conversationId: started.conversationId,
        language: "es",
        previous: "en",
        source: "customer",
      },
    });

    await customerWrites(started.token, "Thanks. Could you tell me when the refund will arrive?");
    expect(await languageOf(started.conversationId)).toEqual({
      language: "es",
      languageSource: "customer",
    });
    const session = await requireWidgetSession({ token: started.token }, context);
    const snapshot = await getWidgetSnapshot({ session }, context);
    expect(snapshot.language).toEqual({
      conversation: { code: "es", source: "customer" },
      rendering: "es",
    });
  });

  it("applies a language picked before the chat opened when the session starts", async () => {
    const started = await samSignsIn("de");
    expect(await languageOf(started.conversationId)).toEqual({
      language: "de",
      languageSource: "customer",
    });
    await customerWrites(started.token, "Hello, the wool socks are too small, can I return them?");
    expect(await languageOf(started.conversationId)).toEqual({
      language: "de",
      languageSource: "customer",
    });
    expect(await languageEvents(started.conversationId)).toHaveLength(1);
  });

  it("refuses a missing or ended session, another site and a language it does not speak", async () => {
    const started = await samSignsIn();
    const noCookie = await chooseLanguage(null, { language: "fr" });
    expect(noCookie.status).toBe(401);
    expect(await noCookie.json()).toMatchObject({ reason: "NO_SESSION" });

    const crossSite = await chooseLanguage(
      started.token,
      { language: "fr" },
      "https://shop.example.com",
    );
    expect(crossSite.status).toBe(403);

    const unsupported = await chooseLanguage(started.token, { language: "pl" });
    expect(unsupported.status).toBe(422);

    await prisma.customerSession.updateMany({
      where: { conversationId: started.conversationId },
      data: { endedAt: new Date() },
    });
    const ended = await chooseLanguage(started.token, { language: "fr" });
    expect(ended.status).toBe(401);
    expect(await ended.json()).toMatchObject({ reason: "SESSION_ENDED" });

    expect(await languageOf(started.conversationId)).toEqual({
      language: null,
      languageSource: null,
    });
    expect(await languageEvents(started.conversationId)).toEqual([]);
  });
});
