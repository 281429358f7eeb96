/*
 * Why an inbound email was refused. The SMTP listener turns each into an SMTP reply code and the
 * webhook into an HTTP problem, so the sender learns what to fix; nothing is stored for any. All
 * are final except RATE_LIMITED, which asks the sending server to try again later.
 */
export type InboundEmailErrorCode =
  | "TOO_LARGE"
  | "MALFORMED"
  | "BAD_SENDER"
  | "WRONG_RECIPIENT"
  | "UNKNOWN_THREAD"
  /** Storing failed in a way a retry cannot fix (not a database outage): refused as final. */
  | "UNSTORABLE"
  /** The sender has sent more than its allowance: try again later (SMTP 451 4.7.1, HTTP 429). */
  | "RATE_LIMITED";

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
