import { ShopifyRequestError } from "@/lib/integrations/commerce/shopify/shopify-admin-client";
import { PaymentProviderError } from "../payment-provider";

/*
 * Shopify's failures in the payment seam's codes. Anything that may have reached Shopify without
 * an answer (a dropped connection, a timeout, a 5xx) is OUTCOME_UNKNOWN, and so is a throttle the
 * client could not wait out: Shopify ran nothing, but the caller's reconciliation (find by note,
 * then the same key inside the window) is the one path that never pays twice. Messages are
 * Shopify's own and never contain the access token.
 */

/** refundCreate's userErrors carry no code; these are Shopify's documented idempotency answers. */
const KEY_REUSED = /same idempotency key cannot be used with different/i;
const KEY_IN_PROGRESS = /request is currently in ?progress/i;

export function paymentErrorOf(error: unknown): PaymentProviderError {
  if (error instanceof PaymentProviderError) return error;
  if (!(error instanceof ShopifyRequestError)) {
    return new PaymentProviderError(
      "OUTCOME_UNKNOWN",
      `Shopify did not answer clearly: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  switch (error.kind) {
    case "authentication":
      return new PaymentProviderError("AUTHENTICATION", error.message);
    case "graphql":
      return new PaymentProviderError("REFUSED", error.message);
    default:
      return new PaymentProviderError(
        "OUTCOME_UNKNOWN",
        `Shopify did not confirm the request: ${error.message}`,
      );
  }
}

/** Runs one Shopify call, turning whatever it throws into a PaymentProviderError. */
export async function callShopify<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw paymentErrorOf(error);
  }
}

/** refundCreate's userErrors: nothing was made, except that a key in progress may yet make one. */
export function userErrorsError(userErrors: { message: string }[]): PaymentProviderError {
  const messages = userErrors.map((userError) => userError.message).join("; ");
  if (userErrors.some((userError) => KEY_REUSED.test(userError.message))) {
    return new PaymentProviderError(
      "IDEMPOTENCY_KEY_REUSED",
      `Shopify refused the refund: its idempotency key was used for a different one (${messages})`,
    );
  }
  if (userErrors.some((userError) => KEY_IN_PROGRESS.test(userError.message))) {
    return new PaymentProviderError(
      "OUTCOME_UNKNOWN",
      `Shopify is still processing a refund under this key (${messages})`,
    );
  }
  return new PaymentProviderError("REFUSED", `Shopify refused the refund: ${messages}`);
}
