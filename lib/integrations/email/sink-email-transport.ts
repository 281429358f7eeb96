import type { EmailTransport, OutgoingEmail, SentEmail } from "./email-transport";

/*
 * The default transport until SMTP is configured: it delivers nowhere, keeps what it "sent" for
 * tests, and reports the row's own Message-ID, so the outbox shown on the ticket (full bodies)
 * reads the same as it would after a real send.
 */

export type SinkEmailTransport = EmailTransport & {
  readonly delivered: ReadonlyArray<OutgoingEmail & SentEmail>;
};

export function createSinkEmailTransport(
  log: (line: string) => void = () => {},
): SinkEmailTransport {
  const delivered: Array<OutgoingEmail & SentEmail> = [];
  return {
    name: "sink",
    delivered,
    async send(email) {
      const providerMessageId = email.messageId;
      delivered.push({ ...email, providerMessageId });
      log(`email to ${email.to}: ${email.subject} (${providerMessageId})`);
      return { providerMessageId };
    },
  };
}
