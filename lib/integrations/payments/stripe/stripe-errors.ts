import Stripe from "stripe";
import { PaymentProviderError } from "../payment-provider";

/*
 * Stripe's errors in the seam's codes. Anything that may have reached Stripe without an answer
 * (a dropped connection, a timeout, a 5xx, a rate limit answered by a proxy) is OUTCOME_UNKNOWN:
 * the refund may exist, so the caller reconciles instead of trying again. Messages are Stripe's
 * own, which never contain the secret key; ours never add it either.
 */

export function paymentProviderErrorOf(error: unknown): PaymentProviderError {
  if (error instanceof PaymentProviderError) return error;
  if (!(error instanceof Stripe.errors.StripeError)) {
    return new PaymentProviderError(
      "OUTCOME_UNKNOWN",
      `Stripe did not answer clearly: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (error instanceof Stripe.errors.StripeIdempotencyError) {
    return new PaymentProviderError(
      "IDEMPOTENCY_KEY_REUSED",
      `Stripe refused the request: its idempotency key was used for a different one (${error.message})`,
    );
  }
  if (
    error instanceof Stripe.errors.StripeAuthenticationError ||
    error instanceof Stripe.errors.StripePermissionError
  ) {
    return new PaymentProviderError(
      "AUTHENTICATION",
      // Stripe's own message quotes the end of the key: leave it out.
      `Stripe did not accept the connection's secret key (${error.type}, HTTP ${error.statusCode ?? "?"})`,
    );
  }
  if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) {
    return new PaymentProviderError("NOT_FOUND", `Stripe has no such object: ${error.message}`);
  }
  if (
    error instanceof Stripe.errors.StripeInvalidRequestError ||
    error instanceof Stripe.errors.StripeCardError
  ) {
    return new PaymentProviderError("REFUSED", `Stripe refused the refund: ${error.message}`);
  }
  return new PaymentProviderError(
    "OUTCOME_UNKNOWN",
    `Stripe did not confirm the request (${error.type}): ${error.message}`,
  );
}

/** Runs one Stripe call, turning whatever it throws into a PaymentProviderError. */
export async function callStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw paymentProviderErrorOf(error);
  }
}
