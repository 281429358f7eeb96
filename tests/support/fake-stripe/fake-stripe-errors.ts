/*
 * Stripe's error bodies, `{ error: { type, code, message, param } }`, with the HTTP status the
 * official SDK turns into its error classes (400 invalid request or idempotency, 401
 * authentication, 404 missing, 500 API error).
 */

export type StripeErrorType =
  | "invalid_request_error"
  | "idempotency_error"
  | "api_error"
  | "card_error";

export class FakeStripeError extends Error {
  constructor(
    readonly status: number,
    readonly type: StripeErrorType,
    message: string,
    readonly code: string | null = null,
    readonly param: string | null = null,
  ) {
    super(message);
  }

  body(): { error: Record<string, string> } {
    return {
      error: {
        type: this.type,
        message: this.message,
        ...(this.code && { code: this.code }),
        ...(this.param && { param: this.param }),
      },
    };
  }
}

/**
 * No such object. Stripe answers 404 for an id in the URL and 400 for an id in a parameter (a
 * refund's `payment_intent` or `charge`).
 */
export function missing(kind: string, id: string, param: string): FakeStripeError {
  return new FakeStripeError(
    param === "id" ? 404 : 400,
    "invalid_request_error",
    `No such ${kind}: '${id}'`,
    "resource_missing",
    param,
  );
}
