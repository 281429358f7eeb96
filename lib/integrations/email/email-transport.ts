/*
 * How an outbox row leaves the building. The idempotency key travels with the message so a
 * transport that supports it (an SMTP Message-ID, a provider's idempotency header) can drop a
 * resend after a crash between "sent" and "marked sent".
 */

export type OutgoingEmail = {
  idempotencyKey: string;
  to: string;
  subject: string;
  bodyText: string;
};

export type SentEmail = { providerMessageId: string };

export interface EmailTransport {
  readonly name: string;
  send(email: OutgoingEmail): Promise<SentEmail>;
}
