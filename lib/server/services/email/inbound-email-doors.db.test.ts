import net from "node:net";
import v8 from "node:v8";
import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { POST } from "@/app/api/inbound/email/route";
import { startInboundSmtpListener } from "@/lib/integrations/email/inbound-smtp-listener";
import { inboundSmtpForTests } from "@/tests/support/inbound-smtp-for-tests";
import { sendRawSmtp, writeFiller } from "@/tests/support/raw-smtp-client";
import {
  signedWebhookHeaders,
  TEST_INBOUND_EMAIL_SECRET,
} from "@/tests/support/signed-inbound-email";
import { waitFor } from "@/tests/support/smtp-catcher";
import { seededTestDatabase } from "@/tests/support/test-database-hooks";

process.env.INBOUND_EMAIL_SECRET = TEST_INBOUND_EMAIL_SECRET;
process.env.LOG_LEVEL ??= "fatal";

const SUPPORT = "support@countersign.local";
const MIB = 1024 * 1024;
const prisma = seededTestDatabase();
const inbound = inboundSmtpForTests(prisma);

type Mail = { from: string; messageId: string; body: string; html?: boolean };

function rawEmail({ from, messageId, body, html }: Mail): string {
  return [
    `From: ${from}`,
    `To: ${SUPPORT}`,
    "Subject: About my order",
    `Message-ID: ${messageId}`,
    `Content-Type: text/${html ? "html" : "plain"}; charset=utf-8`,
    "",
    body,
    "",
  ].join("\r\n");
}

const smtp = (mail: Mail) =>
  sendRawSmtp(inbound.port, { from: "sender@example.net", to: SUPPORT }, async (socket) => {
    socket.write(rawEmail(mail).replace(/^\./gm, ".."));
  });

// The agent's turns for stored mail finish before the next test empties the tables under them.
async function runsSettled() {
  await waitFor(async () => {
    const runs = await prisma.run.findMany({ select: { status: true } });
    return runs.every((run) => run.status === "completed" || run.status === "failed");
  }, "the agent's turns to end");
}

const customerMessages = (email: string) =>
  prisma.message.findMany({
    where: { authorKind: "customer", conversation: { customer: { email } } },
    orderBy: { createdAt: "asc" },
  });

describe("the email doors never lose mail", () => {
  it("answers and stores a NUL byte, an oversize body, a reused Message-ID and HTML-only mail", async () => {
    const nul = await smtp({
      from: "maya@example.com",
      messageId: "<nul-1@example.com>",
      body: "My coffee maker\u0000 from A1043 arrived cracked.",
    });
    expect(nul.code).toBe(250);
    expect((await customerMessages("maya@example.com"))[0]?.body).toBe(
      "My coffee maker from A1043 arrived cracked.",
    );

    const oversize = await sendRawSmtp(
      inbound.port,
      { from: "tom@example.com", to: SUPPORT },
      (socket) =>
        writeFiller(
          socket,
          rawEmail({ from: "tom@example.com", messageId: "<big-1@example.com>", body: "" }),
          6 * MIB,
        ),
    );
    expect(oversize.code).toBe(552);
    expect(await customerMessages("tom@example.com")).toHaveLength(0);

    const reused = await smtp({
      from: "tom@example.com",
      messageId: "<nul-1@example.com>",
      body: "I would like to return the wool throw blanket from order A1021.",
    });
    expect(reused.code).toBe(250);
    expect((await customerMessages("tom@example.com")).map((message) => message.body)).toEqual([
      "I would like to return the wool throw blanket from order A1021.",
    ]);
    const flagged = await prisma.auditEvent.findMany({
      where: { kind: "inbound_email.message_id_reused" },
    });
    expect(flagged).toHaveLength(1);
    expect(flagged[0]?.payload).toMatchObject({
      messageId: "<nul-1@example.com>",
      fromAddress: "tom@example.com",
    });
    expect(
      (
        await smtp({
          from: "tom@example.com",
          messageId: "<nul-1@example.com>",
          body: "I would like to return the wool throw blanket from order A1021.",
        })
      ).code,
    ).toBe(250);
    expect(await customerMessages("tom@example.com")).toHaveLength(1);

    const html = await smtp({
      from: "priya@example.com",
      messageId: "<html-1@example.com>",
      html: true,
      body: '<p>Please see <a href="https://links.example/track?id=1">my photo</a> of the lamp.<img src="https://pixel.example/p.gif" alt="pixel"></p>',
    });
    expect(html.code).toBe(250);
    const [htmlMessage] = await customerMessages("priya@example.com");
    expect(htmlMessage?.body).toContain("Please see my photo of the lamp.");
    expect(htmlMessage?.body).not.toMatch(/https?:|links\.example|pixel/);

    const orphans = await prisma.conversation.count({ where: { messages: { none: {} } } });
    expect(orphans).toBe(0);
    await runsSettled();
  });

  it("refuses for good a From address the conversation could not be stored under", async () => {
    const refused = await smtp({
      from: '"Maya" <maya@@example.com>',
      messageId: "<bad-from-1@example.com>",
      body: "Hello",
    });
    expect(refused.code).toBe(553);
    expect(await prisma.inboundEmail.count()).toBe(0);
    expect(await prisma.conversation.count()).toBe(0);
  });

  it("the webhook stores a NUL byte cleaned and answers 422 for a bad From", async () => {
    const post = (raw: string) => {
      const body = Buffer.from(raw);
      return POST(
        new Request("http://localhost/api/inbound/email", {
          method: "POST",
          headers: { "content-type": "message/rfc822", ...signedWebhookHeaders(body) },
          body: new Uint8Array(body),
        }),
      );
    };
    const nul = await post(
      rawEmail({
        from: "maya@example.com",
        messageId: "<hook-nul@example.com>",
        body: "Cracked\u0000 mug",
      }),
    );
    expect(nul.status).toBe(202);
    expect((await customerMessages("maya@example.com"))[0]?.body).toBe("Cracked mug");
    const badFrom = await post(
      rawEmail({ from: "maya@example", messageId: "<hook-bad@example.com>", body: "Hello" }),
    );
    expect(badFrom.status).toBe(422);
    await runsSettled();
  });
});

describe("SMTP memory", () => {
  it("20 parallel 6 MiB senders all hear 552 while the process holds far less than they sent", async () => {
    v8.setFlagsFromString("--expose-gc");
    const collectGarbage = vm.runInNewContext("gc") as () => void;
    const held = () => {
      collectGarbage();
      const usage = process.memoryUsage();
      return usage.heapUsed + usage.arrayBuffers;
    };
    const before = held();
    let peak = 0;
    const sampler = setInterval(() => {
      peak = Math.max(peak, held() - before);
    }, 50);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        sendRawSmtp(inbound.port, { from: "tom@example.com", to: SUPPORT }, (socket) => {
          const header = rawEmail({
            from: "tom@example.com",
            messageId: `<flood-${index}@example.com>`,
            body: "",
          });
          return writeFiller(socket, header, 6 * MIB);
        }),
      ),
    );
    clearInterval(sampler);
    expect(answers.map((answer) => answer.code)).toEqual(Array(20).fill(552));
    // 120 MiB were sent; the listener reads four messages at a time and keeps at most 5 MiB each.
    expect(peak).toBeLessThan(40 * MIB);
    expect(await prisma.inboundEmail.count()).toBe(0);
  });

  it("caps connections and closes a message that outlasts its deadline", async () => {
    const received: Buffer[] = [];
    const small = await startInboundSmtpListener({
      port: 0,
      host: "127.0.0.1",
      supportAddress: SUPPORT,
      maxClients: 2,
      messageDeadlineMs: 1_000,
      receive: async (raw) => {
        received.push(raw);
      },
    });
    try {
      const greeting = (socket: net.Socket) =>
        new Promise<string>((resolve) => socket.once("data", (data) => resolve(data.toString())));
      const open = () => net.connect(small.port, "127.0.0.1");
      const [first, second] = [open(), open()];
      await Promise.all([greeting(first), greeting(second)]);
      const third = open();
      expect(await greeting(third)).toMatch(/^421 /);
      for (const socket of [first, second, third]) socket.destroy();

      const slow = await sendRawSmtp(
        small.port,
        { from: "tom@example.com", to: SUPPORT },
        (socket) => {
          socket.write(
            rawEmail({ from: "tom@example.com", messageId: "<slow@example.com>", body: "Hel" }),
          );
          // Never ends the message: the listener must hang up once the deadline passes.
          return new Promise((resolve) => socket.once("close", resolve));
        },
      );
      expect(slow.code).toBe(0);
      expect(received).toHaveLength(0);
    } finally {
      await small.close();
    }
  });
});
