import { describe, expect, it } from "vitest";
import { createOfflineAgent } from "@/lib/agent/model/offline-agent";
import { postCustomerMessage } from "@/lib/server/services/intake/post-customer-message";
import { inboundSmtpForTests } from "@/tests/support/inbound-smtp-for-tests";
import { sendRawSmtp } from "@/tests/support/raw-smtp-client";
import { waitFor } from "@/tests/support/smtp-catcher";
import { seededTestDatabase } from "@/tests/support/test-database-hooks";
import { fixedClock, testUseCaseContext } from "@/tests/support/test-use-case-context";
import { postWidgetMessage } from "./post-widget-message";
import { requireWidgetSession } from "./resolve-widget-session";
import { startWidgetSession } from "./start-widget-session";

process.env.LOG_LEVEL ??= "fatal";

const SUPPORT = "support@countersign.local";
const prisma = seededTestDatabase();
const context = testUseCaseContext({ db: prisma });
const inbound = inboundSmtpForTests(prisma);

const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => "stored",
    (error: { code?: string; message?: string }) => error.code ?? error.message ?? "failed",
  );

describe("a burst at the public doors", () => {
  it("20 simultaneous widget messages: ten stored, the rest 429, one queued run behind the running one", async () => {
    const atThisMoment = testUseCaseContext({ db: prisma, now: fixedClock(new Date()) });
    const started = await startWidgetSession(
      {
        workspace: "demo-shop",
        method: "order_check",
        email: "maya@example.com",
        orderNumber: "A1043",
        ip: "203.0.113.7",
      },
      atThisMoment,
    );
    const session = await requireWidgetSession({ token: started.token }, atThisMoment);
    // A turn in progress, held by another process for the whole test.
    const running = await prisma.run.create({
      data: {
        conversationId: session.conversationId,
        status: "running",
        provider: "offline",
        model: "offline",
        leaseOwner: "another-process",
        leaseExpiresAt: new Date(Date.now() + 10 * 60_000),
      },
    });

    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        outcome(
          postWidgetMessage(
            {
              clientMessageId: `burst-${index}-${"x".repeat(8)}`,
              text: `Message ${index}: is my refund coming?`,
              session,
            },
            context,
          ),
        ),
      ),
    );
    expect(answers.filter((answer) => answer === "stored")).toHaveLength(10);
    expect(answers.filter((answer) => answer === "RATE_LIMITED")).toHaveLength(10);
    const runs = await prisma.run.findMany({
      where: { conversationId: session.conversationId, id: { not: running.id } },
    });
    expect(runs.map((run) => run.status)).toEqual(["queued"]);
  });

  it("messages arriving while a run is in progress join one queued run, however many there are", async () => {
    const maya = await prisma.customer.findFirstOrThrow({ where: { email: "maya@example.com" } });
    const conversation = await prisma.conversation.create({
      data: { channel: "chat", customerId: maya.id, subject: "Burst" },
    });
    await prisma.run.create({
      data: {
        conversationId: conversation.id,
        status: "running",
        provider: "offline",
        model: "offline",
        leaseOwner: "another-process",
        leaseExpiresAt: new Date(Date.now() + 10 * 60_000),
      },
    });
    const posted = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        postCustomerMessage(
          { conversationId: conversation.id, text: `Message ${index}: any news on my order?` },
          testUseCaseContext({ db: prisma, model: createOfflineAgent() }),
        ),
      ),
    );
    const queued = await prisma.run.findMany({
      where: { conversationId: conversation.id, status: "queued" },
    });
    expect(queued).toHaveLength(1);
    expect(new Set(posted.map((message) => message.runId))).toEqual(new Set([queued[0]?.id]));
    expect(queued[0]?.leaseOwner).toBeNull();
  });

  it("20 emails from one sender: ten stored, the rest told 451 4.7.1, runs bounded", async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        sendRawSmtp(inbound.port, { from: "tom@example.com", to: SUPPORT }, async (socket) => {
          socket.write(
            [
              "From: tom@example.com",
              `To: ${SUPPORT}`,
              `Subject: Question ${index}`,
              `Message-ID: <burst-${index}@example.com>`,
              "",
              `Question ${index}: what is your return policy?`,
              "",
            ].join("\r\n"),
          );
        }),
      ),
    );
    const codes = answers.map((answer) => answer.code);
    expect(codes.filter((code) => code === 250)).toHaveLength(10);
    expect(
      answers.filter((answer) => answer.code === 451 && answer.reply.includes("4.7.1")),
    ).toHaveLength(10);
    expect(await prisma.inboundEmail.count()).toBe(10);
    expect(await prisma.run.count()).toBeLessThanOrEqual(10);
    await waitFor(async () => {
      const runs = await prisma.run.findMany({ select: { status: true } });
      return runs.every((run) => run.status === "completed" || run.status === "failed");
    }, "the agent's turns to end");
  });
});
