/*
 * How an outbox row leaves the building. The Message-ID is derived from the row's idempotency key
 * and travels with every attempt, so a resend after a crash between "accepted by the server" and
 * "marked sent" is the same email to every mail client, not a second one.
 */

export type OutgoingEmail = {
  idempotencyKey: string;
  /** RFC 5322 Message-ID with angle brackets, e.g. `<3f…@countersign.local>`. */
  messageId: string;
  to: string;
  subject: string;
  bodyText: string;
  inReplyTo: string | null;
  references: string[];
};

export type SentEmail = { providerMessageId: string };

export interface EmailTransport {
  readonly name: string;
  send(email: OutgoingEmail): Promise<SentEmail>;
}

/**
 * A send that failed. `permanent` means the server refused this message for good (an SMTP 5xx
 * reply): retrying would fail the same way, so the row fails at once and staff are told.
 */
export class EmailDeliveryError extends Error {
  override name = "EmailDeliveryError";
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}
