/*
 * Why an inbound email was refused. The SMTP listener turns each into an SMTP reply code and the
 * webhook into an HTTP problem, so the sender learns what to fix; nothing is stored for any.
 */
export type InboundEmailErrorCode =
  | "TOO_LARGE"
  | "MALFORMED"
  | "BAD_SENDER"
  | "WRONG_RECIPIENT"
  | "UNKNOWN_THREAD"
  /** Storing failed in a way a retry cannot fix (not a database outage): refused as final. */
  | "UNSTORABLE";

export class InboundEmailError extends Error {
  override name = "InboundEmailError";
  constructor(
    readonly code: InboundEmailErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export function isInboundEmailError(error: unknown): error is InboundEmailError {
  return error instanceof InboundEmailError;
}

/** Larger messages are refused at the SMTP DATA stage and by the webhook alike. */
export const MAX_INBOUND_EMAIL_BYTES = 5 * 1024 * 1024;
