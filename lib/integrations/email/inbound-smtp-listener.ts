import { SMTPServer } from "smtp-server";
import {
  type InboundEmailErrorCode,
  isInboundEmailError,
  MAX_INBOUND_EMAIL_BYTES,
} from "./inbound-email-error";

export type InboundSmtpListenerOptions = {
  port: number;
  host: string;
  supportAddress: string;
  /** Stores one message; resolves once it is durable (the sender is told 250 only then). */
  receive(raw: Buffer, recipients: string[]): Promise<void>;
  onError?(error: unknown): void;
  maxBytes?: number;
};

export type InboundSmtpListener = { port: number; close(): Promise<void> };

// What the sending server hears for each refusal: 5xx is final, so it bounces to the sender.
const SMTP_REPLY: Record<InboundEmailErrorCode, number> = {
  TOO_LARGE: 552,
  MALFORMED: 554,
  WRONG_RECIPIENT: 550,
  UNKNOWN_THREAD: 554,
};

function smtpError(message: string, responseCode: number): Error {
  return Object.assign(new Error(message), { responseCode });
}

/*
 * The SMTP door into the helpdesk, for a mail server (or a test) to deliver to. It accepts mail
 * for the support address only, refuses over-size messages while they stream, and answers 250
 * only after the message is stored; any unexpected failure is a 451, so the sender retries later.
 */
export async function startInboundSmtpListener(
  options: InboundSmtpListenerOptions,
): Promise<InboundSmtpListener> {
  const maxBytes = options.maxBytes ?? MAX_INBOUND_EMAIL_BYTES;
  const support = options.supportAddress.toLowerCase();
  const server = new SMTPServer({
    name: support.split("@")[1] ?? "localhost",
    banner: "Countersign support mailbox",
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    size: maxBytes,
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.toLowerCase() === support) return callback();
      callback(
        smtpError(`5.1.1 <${address.address}>: this mailbox accepts mail for ${support} only`, 550),
      );
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (stream.sizeExceeded) {
          callback(smtpError(`5.3.4 Message exceeds the ${maxBytes}-byte limit`, 552));
          return;
        }
        const recipients = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase());
        options.receive(Buffer.concat(chunks), recipients).then(
          () => callback(null, "2.0.0 Message stored"),
          (error: unknown) => {
            if (isInboundEmailError(error)) {
              callback(smtpError(error.message, SMTP_REPLY[error.code]));
              return;
            }
            options.onError?.(error);
            callback(
              smtpError("4.3.0 Temporary failure storing the message, try again later", 451),
            );
          },
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  server.on("error", (error) => options.onError?.(error));
  const address = server.server.address();
  return {
    port: typeof address === "object" && address ? address.port : options.port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
