import type { EmailTransport, OutgoingEmail, SentEmail } from "./email-transport";

/*
 * The default transport until SMTP is configured: it delivers nowhere, keeps what it "sent" for
 * tests and the demo, and derives the message id from the idempotency key so a resend of the
 * same row is recognisable.
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
      const providerMessageId = `<${email.idempotencyKey}@countersign.local>`;
      delivered.push({ ...email, providerMessageId });
      log(`email to ${email.to}: ${email.subject} (${providerMessageId})`);
      return { providerMessageId };
    },
  };
}
