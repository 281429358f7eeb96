import { type ParsedMail, simpleParser } from "mailparser";
import nodemailer from "nodemailer";
import { SMTPServer } from "smtp-server";

/*
 * A real SMTP server on a random local port that keeps every message it accepts, parsed: the
 * far end of the outbound tests. `deliverTo` sends raw mail to any SMTP port (the inbound tests).
 */

export type CaughtEmail = { raw: string; mail: ParsedMail; recipients: string[] };

export type SmtpCatcher = {
  url: string;
  port: number;
  caught: CaughtEmail[];
  close(): Promise<void>;
};

export async function startSmtpCatcher(): Promise<SmtpCatcher> {
  const caught: CaughtEmail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onAuth(_auth, _session, callback) {
      callback(null, { user: "catcher" });
    },
    // A mailbox that does not exist, for the permanent-failure tests.
    onRcptTo(address, _session, callback) {
      if (!address.address.startsWith("bounce@")) return callback();
      callback(Object.assign(new Error("5.1.1 No such mailbox"), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks);
        simpleParser(raw).then((mail) => {
          caught.push({
            raw: raw.toString("utf8"),
            mail,
            recipients: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          });
          callback();
        }, callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `smtp://catcher:secret@127.0.0.1:${port}`,
    port,
    caught,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type MailToSend = {
  from: string;
  to: string;
  subject: string;
  text?: string;
  html?: string;
  messageId?: string;
  inReplyTo?: string;
  references?: string[];
  attachments?: { filename: string; content: string; contentType?: string }[];
};

export async function deliverTo(port: number, mail: MailToSend): Promise<void> {
  const transport = nodemailer.createTransport({
    host: "127.0.0.1",
    port,
    secure: false,
    ignoreTLS: true,
  });
  try {
    await transport.sendMail(mail);
  } finally {
    transport.close();
  }
}

export async function deliverRawTo(port: number, from: string, to: string, raw: string) {
  const transport = nodemailer.createTransport({
    host: "127.0.0.1",
    port,
    secure: false,
    ignoreTLS: true,
  });
  try {
    await transport.sendMail({ envelope: { from, to: [to] }, raw });
  } finally {
    transport.close();
  }
}

/** Polls until the check passes or the deadline ends (agent work on a busy box: 30 s+). */
export async function waitFor<T>(
  check: () => Promise<T | null | undefined | false>,
  what: string,
  timeoutMs = 45_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
