import type { FakeRefund, FakeStripeAccount } from "./fake-stripe-account";
import { FakeStripeError } from "./fake-stripe-errors";
import type { FormObject } from "./form-body";

/*
 * The part of Stripe's API the payment adapter uses, routed onto the fake account. Lists are
 * Stripe's list objects (`has_more`, paged with `starting_after`), newest first.
 */

export type StripeRequest = { method: string; path: string; params: FormObject };

const MAX_LIST_LIMIT = 100;

function listOf(refunds: FakeRefund[], params: FormObject) {
  const limit = Math.min(Number(params.limit ?? 10), MAX_LIST_LIMIT);
  const after = typeof params.starting_after === "string" ? params.starting_after : null;
  const start = after ? refunds.findIndex((refund) => refund.id === after) + 1 : 0;
  const page = refunds.slice(start, start + limit);
  return {
    object: "list",
    url: "/v1/refunds",
    data: page,
    has_more: start + limit < refunds.length,
  };
}

export function routeStripeRequest(
  account: FakeStripeAccount,
  { method, path, params }: StripeRequest,
  startStatus: () => "succeeded" | "pending",
): unknown {
  const [, version, resource, id] = path.split("/");
  if (version === "v1" && resource === "refunds") {
    if (method === "POST" && !id) return account.createRefund(params, startStatus());
    if (method === "GET" && id) return account.refund(id);
    if (method === "GET") return listOf(account.refundsOf(params), params);
  }
  if (version === "v1" && method === "GET" && id && resource === "payment_intents")
    return account.paymentIntent(id);
  if (version === "v1" && method === "GET" && id && resource === "charges")
    return account.charge(id);
  if (version === "v1" && method === "GET" && resource === "balance") {
    return {
      object: "balance",
      livemode: false,
      available: [{ amount: 0, currency: "usd", source_types: { card: 0 } }],
      pending: [{ amount: 0, currency: "usd", source_types: { card: 0 } }],
    };
  }
  throw new FakeStripeError(
    404,
    "invalid_request_error",
    `Unrecognized request URL (${method}: ${path}).`,
  );
}
