import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import { createOfflineAgent } from "@/lib/agent/model/offline-agent";
import { enqueueEmail } from "@/lib/integrations/email/enqueue-email";
import { createSmtpEmailTransport } from "@/lib/integrations/email/smtp-email-transport";
import { decideApproval } from "@/lib/server/services/approvals/decide-approval";
import { inboundSmtpForTests } from "@/tests/support/inbound-smtp-for-tests";
import { runCli } from "@/tests/support/run-cli";
import {
  deliverRawTo,
  deliverTo,
  type SmtpCatcher,
  startSmtpCatcher,
  waitFor,
} from "@/tests/support/smtp-catcher";
import { seededTestDatabase } from "@/tests/support/test-database-hooks";
import { fixedClock, testUseCaseContext } from "@/tests/support/test-use-case-context";
import { deliverOutbox } from "./deliver-outbox";

process.env.LOG_LEVEL ??= "warn";

const SUPPORT = "support@countersign.local";
const provider = createOfflineAgent();
const prisma = seededTestDatabase();
const context = testUseCaseContext({ db: prisma });
let catcher: SmtpCatcher;
let smtp: ReturnType<typeof createSmtpEmailTransport>;

beforeAll(async () => {
  catcher = await startSmtpCatcher();
  smtp = createSmtpEmailTransport({ url: catcher.url, from: SUPPORT });
});
const inbound = inboundSmtpForTests(prisma, provider);
afterAll(async () => {
  smtp.close();
  await catcher.close();
});
beforeEach(async () => {
  catcher.caught.length = 0;
});

const send = () => deliverOutbox({ transport: smtp, supportAddress: SUPPORT }, context);

async function settledRuns(conversationId: string) {
  const runs = await prisma.run.findMany({ where: { conversationId } });
  return runs.length > 0 && runs.every((run) => ["completed", "failed"].includes(run.status));
}

/** Markdown a reader would see in a plain-text email: table pipes, bold, code, links, headings. */
const MARKDOWN_SYNTAX = /\||\*\*|__|`|\]\(|^#{1,6} /m;

describe("email in and out over real SMTP", () => {
  it("sends a reply as plain text without Markdown and as HTML with a real table", async () => {
    const customer = await prisma.customer.findFirstOrThrow({
      where: { email: "maya@example.com" },
    });
    const conversation = await prisma.conversation.create({
      data: { channel: "email", customerId: customer.id, subject: "Rain jacket" },
    });
    await prisma.$transaction((tx) =>
      enqueueEmail(tx, {
        idempotencyKey: "markdown-reply",
        to: customer.email,
        subject: "Re: Rain jacket",
        conversationId: conversation.id,
        bodyText: [
          "Here is your refund for order **A1043**:",
          "",
          "| Item | Qty | Refund |",
          "|---|---:|---:|",
          "| Rain jacket | 1 | $80.10 |",
          "",
          "Reply **yes** to confirm.",
        ].join("\n"),
      }),
    );
    expect(await send()).toEqual({ sent: 1, retrying: 0, failed: 0 });

    const [caught] = catcher.caught;
    expect(caught?.raw).toMatch(/Content-Type: multipart\/alternative/i);
    expect(caught?.mail.text).not.toMatch(MARKDOWN_SYNTAX);
    expect(caught?.mail.text).toContain("Rain jacket    1  $80.10");
    expect(caught?.mail.text).toContain("Reply yes to confirm.");
    expect(caught?.mail.html).toMatch(/<table[^>]*>[\s\S]*<td>Rain jacket<\/td>/);
    expect(caught?.mail.html).toContain("<strong>A1043</strong>");
  });

  it("story 1 by SMTP: a ticket, approved, exactly one threaded reply at the catcher", async () => {
    await deliverTo(inbound.port, {
      from: "Maya Chen <maya@example.com>",
      to: SUPPORT,
      subject: "Coffee maker arrived cracked",
      messageId: "<maya-cracked-1@example.com>",
      html: "<p>Hi, my order <b>A1043</b> arrived and the glass pour-over coffee maker is cracked. The mugs are fine. Can I get my money back for the coffee maker?</p><script>alert(1)</script>",
      attachments: [
        { filename: "crack.jpg", content: "not really a photo", contentType: "image/jpeg" },
      ],
    });
    const action = await waitFor(
      () => prisma.pendingAction.findFirst({ where: { status: "awaiting_approval" } }),
      "the refund to wait for approval",
    );
    expect(action.netRefundCents).toBe(4800);
    const conversation = await prisma.conversation.findUniqueOrThrow({
      where: { id: action.conversationId },
      include: { messages: { where: { authorKind: "customer" } }, inboundEmails: true },
    });
    expect(conversation.channel).toBe("email");
    // Maya writes English (a code-added attachments line once made her email read as Dutch).
    expect(conversation.language).toBe("en");
    expect(conversation.messages[0]?.body).toContain("coffee maker is cracked");
    expect(conversation.messages[0]?.body).not.toContain("<p>");
    expect(conversation.messages[0]?.body).not.toContain("alert");
    expect(conversation.inboundEmails[0]).toMatchObject({
      messageId: "<maya-cracked-1@example.com>",
      receivedVia: "smtp",
      attachments: [{ filename: "crack.jpg", contentType: "image/jpeg" }],
    });
    await waitFor(() => settledRuns(action.conversationId), "the agent's turn to end");

    const approver = await prisma.staffUser.findFirstOrThrow({ where: { role: "approver" } });
    const decided = await decideApproval(
      { decision: "approve", actionId: action.id, deciderId: approver.id },
      testUseCaseContext({ db: prisma, model: provider }),
    );
    await decided.agentTurn;
    expect(decided.result.refund?.amountCents).toBe(4800);

    // Two replies, each once: the acknowledgement when the request reached the approval queue
    // and the refund email after approval, both threaded under Maya's email.
    expect(await send()).toEqual({ sent: 2, retrying: 0, failed: 0 });
    expect(await send()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(catcher.caught).toHaveLength(2);
    for (const caught of catcher.caught) {
      expect(caught.recipients).toEqual(["maya@example.com"]);
      expect(caught.mail.inReplyTo).toBe("<maya-cracked-1@example.com>");
      expect(caught.mail.references).toBe("<maya-cracked-1@example.com>");
    }
    const outbox = await prisma.outboxEmail.findFirstOrThrow({
      where: { idempotencyKey: { startsWith: "refund-email:" } },
    });
    const reply = catcher.caught.find((caught) => caught.mail.messageId === outbox.messageId);
    expect(reply?.mail.text).toContain("$48.00");
    for (const caught of catcher.caught) {
      expect(caught.mail.text).not.toMatch(MARKDOWN_SYNTAX);
      expect(caught.mail.html).toContain("$48.00");
    }
    expect(outbox).toMatchObject({ status: "sent", attempts: 1 });

    // Maya answers our email: the reply continues the ticket, her client's quote trimmed.
    await deliverTo(inbound.port, {
      from: "maya@example.com",
      to: SUPPORT,
      subject: `Re: ${reply?.mail.subject}`,
      messageId: "<maya-thanks-2@example.com>",
      inReplyTo: outbox.messageId ?? "",
      references: ["<maya-cracked-1@example.com>", outbox.messageId ?? ""],
      text: `Thank you, that was quick!\n\nOn Wed, 2 Dec 2026, Countersign <${SUPPORT}> wrote:\n> ${reply?.mail.text?.split("\n")[0]}`,
    });
    const thanks = await waitFor(
      () =>
        prisma.inboundEmail.findUnique({
          where: { messageId: "<maya-thanks-2@example.com>" },
          include: { customerMessage: true },
        }),
      "the reply to be stored",
    );
    await waitFor(() => settledRuns(action.conversationId), "the reply's turn to end");
    expect(thanks.conversationId).toBe(action.conversationId);
    expect(thanks.customerMessage?.body).toBe("Thank you, that was quick!");
    expect(await prisma.conversation.count()).toBe(1);
  });

  it("a redelivered email changes nothing", async () => {
    const mail = {
      from: "tom@example.com",
      to: SUPPORT,
      subject: "Returning a blanket",
      messageId: "<tom-1@example.com>",
      text: "Hello, I'd like to return the wool throw blanket from order A1021. I no longer need it.",
    };
    await deliverTo(inbound.port, mail);
    await deliverTo(inbound.port, mail);
    const conversation = await waitFor(() => prisma.conversation.findFirst(), "a conversation");
    await waitFor(() => settledRuns(conversation.id), "the agent's turn to end");
    expect(await prisma.conversation.count()).toBe(1);
    expect(await prisma.message.count({ where: { authorKind: "customer" } })).toBe(1);
  });

  it("a sender with no account gets a conversation that can act on no order, and is told", async () => {
    await deliverTo(inbound.port, {
      from: "Stranger <stranger@example.net>",
      to: SUPPORT,
      subject: "Refund for A1043",
      messageId: "<stranger-1@example.net>",
      text: "My order A1043 arrived and the glass pour-over coffee maker is cracked. Refund it please.",
    });
    const customer = await waitFor(
      () => prisma.customer.findFirst({ where: { email: "stranger@example.net" } }),
      "the contact",
    );
    expect(customer).toMatchObject({ contactOnly: true, name: "Stranger" });
    const conversation = await prisma.conversation.findFirstOrThrow({
      where: { customerId: customer.id },
    });
    await waitFor(() => settledRuns(conversation.id), "the agent's turn to end");
    expect(await prisma.pendingAction.count()).toBe(0);
    const replies = await prisma.message.findMany({
      where: { conversationId: conversation.id, authorKind: "agent", visibility: "customer" },
    });
    expect(replies.map((message) => message.body).join("\n")).toContain(
      "couldn't find a customer account for this email address",
    );
  });

  it("refuses mail it must not take, with clear SMTP errors, and stores nothing", async () => {
    const before = await prisma.conversation.count();
    await expect(
      deliverTo(inbound.port, {
        from: "maya@example.com",
        to: "someone-else@countersign.local",
        subject: "Hi",
        text: "Hi",
      }),
    ).rejects.toMatchObject({ responseCode: 550 });
    await expect(
      deliverTo(inbound.port, {
        from: "maya@example.com",
        to: SUPPORT,
        subject: "Huge",
        text: "x".repeat(6 * 1024 * 1024),
      }),
    ).rejects.toMatchObject({ responseCode: 552 });
    await expect(
      deliverRawTo(inbound.port, "maya@example.com", SUPPORT, "this is not an email at all\r\n"),
    ).rejects.toMatchObject({ responseCode: 554 });
    await expect(
      deliverTo(inbound.port, {
        from: "maya@example.com",
        to: SUPPORT,
        subject: "Re: your refund",
        inReplyTo: "<0123456789abcdef0123456789abcdef@countersign.local>",
        text: "Where is my money?",
      }),
    ).rejects.toMatchObject({ responseCode: 554, response: expect.stringContaining("no record") });
    expect(await prisma.conversation.count()).toBe(before);
    expect(await prisma.inboundEmail.count()).toBe(0);
  });

  it("a refused message fails at once and shows on the ticket; a temporary failure retries", async () => {
    const conversation = await prisma.conversation.create({
      data: {
        channel: "email",
        subject: "Hi",
        customer: {
          connect: {
            id: (await prisma.customer.findFirstOrThrow({ where: { email: "maya@example.com" } }))
              .id,
          },
        },
      },
    });
    await prisma.outboxEmail.create({
      data: {
        idempotencyKey: "refused",
        toAddress: "bounce@example.com",
        subject: "Your refund",
        bodyText: "Hi",
        conversationId: conversation.id,
      },
    });
    const down = createSmtpEmailTransport({
      url: "smtp://127.0.0.1:1",
      from: SUPPORT,
      connectionTimeoutMs: 2000,
    });
    try {
      expect(
        await deliverOutbox({ transport: down, supportAddress: SUPPORT }, context),
      ).toMatchObject({ retrying: 1 });
      const retrying = await prisma.outboxEmail.findFirstOrThrow();
      expect(retrying).toMatchObject({ status: "pending", attempts: 1 });
      expect(retrying.lastError).toMatch(/ECONNREFUSED|connect/i);

      const later = new Date(retrying.nextAttemptAt.getTime() + 1000);
      // The catcher answers 550 for this mailbox: final, no more retries.
      expect(
        await deliverOutbox(
          { transport: smtp, supportAddress: SUPPORT },
          testUseCaseContext({ db: prisma, now: fixedClock(later) }),
        ),
      ).toMatchObject({
        failed: 1,
      });
      const failed = await prisma.outboxEmail.findFirstOrThrow();
      expect(failed).toMatchObject({ status: "failed", attempts: 2 });
      expect(failed.failedAt).not.toBeNull();
      const note = await prisma.message.findFirstOrThrow({
        where: { conversationId: conversation.id, authorKind: "system" },
      });
      expect(note.body).toContain("could not be delivered");
      expect(note.body).toContain("SMTP 550");
    } finally {
      down.close();
    }
  });

  it("a sender that died after the server accepted a message resends the same email, once", async () => {
    const conversation = await prisma.conversation.create({
      data: {
        channel: "email",
        subject: "Hi",
        customer: {
          connect: {
            id: (await prisma.customer.findFirstOrThrow({ where: { email: "maya@example.com" } }))
              .id,
          },
        },
      },
    });
    await prisma.outboxEmail.create({
      data: {
        idempotencyKey: "crash-me",
        toAddress: "maya@example.com",
        subject: "Your refund",
        bodyText: "Your refund is on its way.",
        conversationId: conversation.id,
      },
    });
    const env = { SMTP_URL: catcher.url };
    const databaseUrl = inject("databaseUrl");
    const crashed = await runCli(["outbox", "send"], {
      databaseUrl,
      env: { ...env, COUNTERSIGN_FAULT_POINT: "after_email_send_before_record" },
    });
    expect(crashed.code).toBe(137);
    expect(catcher.caught).toHaveLength(1);
    const orphan = await prisma.outboxEmail.findFirstOrThrow();
    expect(orphan).toMatchObject({ status: "sending", attempts: 1 });

    // Before its lease lapses no other process touches the row.
    expect((await runCli(["outbox", "send", "--json"], { databaseUrl, env })).stdout).toContain(
      '"sent": 0',
    );
    await prisma.outboxEmail.updateMany({ data: { lockedUntil: new Date(Date.now() - 1000) } });
    const resent = await runCli(["outbox", "send", "--json"], { databaseUrl, env });
    expect(resent.code, resent.stderr).toBe(0);
    expect(JSON.parse(resent.stdout)).toEqual({ sent: 1, retrying: 0, failed: 0 });
    const again = await runCli(["outbox", "send", "--json"], { databaseUrl, env });
    expect(JSON.parse(again.stdout)).toEqual({ sent: 0, retrying: 0, failed: 0 });

    // Two deliveries of one email: the same Message-ID, so no mail client shows a second one.
    expect(catcher.caught).toHaveLength(2);
    const ids = new Set(catcher.caught.map((email) => email.mail.messageId));
    expect([...ids]).toEqual([orphan.messageId]);
    expect(await prisma.outboxEmail.findFirstOrThrow()).toMatchObject({
      status: "sent",
      attempts: 2,
    });
  });
});
