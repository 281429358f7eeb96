/**
 * The longest message a customer, an inbound email or a person on staff can send, in characters.
 * One number from the form's maxLength to the route's schema to the service that stores it, so
 * no layer accepts what a later one refuses.
 */
export const MAX_MESSAGE_CHARS = 8000;

/** The largest "New email" request the server reads: from, subject and body as JSON, in bytes. */
export const MAX_NEW_EMAIL_REQUEST_BYTES = 32 * 1024;

/**
 * How many bytes a request body over the limit is too long by (0 when it fits), counted as the
 * server counts them: the UTF-8 of its JSON, where an emoji is 4 bytes and a quote 2.
 */
export function bytesOverLimit(request: unknown, limitBytes: number): number {
  const bytes = new TextEncoder().encode(JSON.stringify(request)).length;
  return Math.max(0, bytes - limitBytes);
}
