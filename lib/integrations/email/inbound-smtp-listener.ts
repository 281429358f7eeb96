import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from "smtp-server";
import { Slots } from "@/lib/concurrency/slots";
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
  /** Connections open at once; one more is told 421 and closed. */
  maxClients?: number;
  /**
   * Messages whose DATA is read at once; others wait, unread, so the sending server is held
   * back by TCP. Memory for message text is at most this many times maxBytes.
   */
  maxConcurrentMessages?: number;
  /** How long a message's DATA may take from its first byte to its end. */
  messageDeadlineMs?: number;
  /** How long a connection may stay silent. */
  socketTimeoutMs?: number;
};

export type InboundSmtpListener = { port: number; close(): Promise<void> };

// What the sending server hears for each refusal: 5xx is final, so it bounces to the sender;
// 4xx asks it to try again later.
const SMTP_REPLY: Record<InboundEmailErrorCode, string> = {
  TOO_LARGE: "552 5.3.4",
  MALFORMED: "554 5.6.0",
  BAD_SENDER: "553 5.1.7",
  WRONG_RECIPIENT: "550 5.1.1",
  UNKNOWN_THREAD: "554 5.7.0",
  UNSTORABLE: "554 5.3.0",
  RATE_LIMITED: "451 4.7.1",
};

const DEFAULT_MAX_CLIENTS = 50;
const DEFAULT_MAX_CONCURRENT_MESSAGES = 4;
const DEFAULT_MESSAGE_DEADLINE_MS = 5 * 60_000;
const DEFAULT_SOCKET_TIMEOUT_MS = 60_000;

function smtpError(reply: string, message: string): Error {
  const [code = "451", status = ""] = reply.split(" ");
  return Object.assign(new Error(`${status} ${message}`.trim()), { responseCode: Number(code) });
}

/*
 * The SMTP door into the helpdesk, for a mail server (or a test) to deliver to. It accepts mail
 * for the support address only and answers 250 only after the message is stored. Memory stays
 * bounded whatever senders do: only a few messages are read at once (the rest wait unread), a
 * message is kept only while it is within the size limit (past it, what still streams in is read
 * and thrown away, and the answer is 552), connections are capped, and a message that takes
 * longer than its deadline is dropped and its connection closed.
 * Refusals are final (5xx); only a failure a retry can fix (the database is down) is a 451.
 */
export async function startInboundSmtpListener(
  options: InboundSmtpListenerOptions,
): Promise<InboundSmtpListener> {
  const maxBytes = options.maxBytes ?? MAX_INBOUND_EMAIL_BYTES;
  const deadlineMs = options.messageDeadlineMs ?? DEFAULT_MESSAGE_DEADLINE_MS;
  const support = options.supportAddress.toLowerCase();
  const server: SMTPServer = new SMTPServer({
    name: support.split("@")[1] ?? "localhost",
    banner: "Countersign support mailbox",
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    size: maxBytes,
    maxClients: options.maxClients ?? DEFAULT_MAX_CLIENTS,
    socketTimeout: options.socketTimeoutMs ?? DEFAULT_SOCKET_TIMEOUT_MS,
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.toLowerCase() === support) return callback();
      callback(
        smtpError(
          SMTP_REPLY.WRONG_RECIPIENT,
          `<${address.address}>: this mailbox accepts mail for ${support} only`,
        ),
      );
    },
    onData(stream, session, callback) {
      readSlots.acquire().then(() => {
        let released = false;
        const release = () => {
          if (released) return;
          released = true;
          readSlots.release();
        };
        stream.once("end", release);
        stream.once("close", release);
        readMessage(stream, session, callback);
      });
    },
  });
  const readSlots = new Slots(options.maxConcurrentMessages ?? DEFAULT_MAX_CONCURRENT_MESSAGES);
  function readMessage(
    stream: SMTPServerDataStream,
    session: SMTPServerSession,
    callback: (error?: Error | null, message?: string) => void,
  ): void {
    let chunks: Buffer[] | null = [];
    let kept = 0;
    const deadline = setTimeout(() => {
      chunks = null;
      for (const connection of server.connections) {
        if (connection.session?.id === session.id) connection.close();
      }
    }, deadlineMs);
    deadline.unref();
    stream.on("data", (chunk: Buffer) => {
      if (!chunks) return;
      kept += chunk.length;
      if (stream.sizeExceeded || kept > maxBytes) chunks = null;
      else chunks.push(chunk);
    });
    stream.on("end", () => {
      clearTimeout(deadline);
      if (stream.sizeExceeded || kept > maxBytes) {
        callback(smtpError(SMTP_REPLY.TOO_LARGE, `Message exceeds the ${maxBytes}-byte limit`));
        return;
      }
      if (!chunks) {
        callback(smtpError("451 4.4.2", "The message took too long to arrive, try again"));
        return;
      }
      const recipients = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase());
      options.receive(Buffer.concat(chunks), recipients).then(
        () => callback(null, "2.0.0 Message stored"),
        (error: unknown) => {
          if (isInboundEmailError(error)) {
            callback(smtpError(SMTP_REPLY[error.code], error.message));
            return;
          }
          options.onError?.(error);
          callback(
            smtpError("451 4.3.0", "Temporary failure storing the message, try again later"),
          );
        },
      );
    });
  }
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
