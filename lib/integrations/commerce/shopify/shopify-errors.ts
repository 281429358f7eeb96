import { CommerceProviderError } from "@/lib/integrations/commerce/commerce-provider";
import { ShopifyRequestError } from "./shopify-admin-client";

/*
 * A failed read in the commerce seam's codes. Reads are safe to repeat, so a throttle the client
 * could not wait out is RATE_LIMITED with the wait Shopify asked for, and anything that got no
 * usable answer is UNAVAILABLE.
 */
export function commerceErrorOf(error: unknown): CommerceProviderError {
  if (error instanceof CommerceProviderError) return error;
  if (!(error instanceof ShopifyRequestError)) {
    return new CommerceProviderError(
      "INVALID_RESPONSE",
      `Shopify's answer could not be read: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  switch (error.kind) {
    case "authentication":
      return new CommerceProviderError("AUTHENTICATION", error.message);
    case "throttled":
      return new CommerceProviderError("RATE_LIMITED", error.message, error.retryAfterMs);
    case "network":
    case "server":
      return new CommerceProviderError("UNAVAILABLE", error.message);
    default:
      return new CommerceProviderError("INVALID_RESPONSE", error.message);
  }
}

/** Runs one read, turning whatever it throws into a CommerceProviderError. */
export async function readShopify<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    throw commerceErrorOf(error);
  }
}
