import { describe, expect, it } from "vitest";
import { describeProviderLookup } from "./describe-provider-lookup";

const lookup = { actionId: "pa_1", idempotencyKey: "key-1", provider: "Stripe" };

describe("describeProviderLookup", () => {
  it("says no money moved when the provider holds nothing under the key", () => {
    expect(describeProviderLookup({ ...lookup, refund: null })).toBe(
      "Stripe holds no refund under key-1: no money moved.",
    );
  });

  it("names the refund, its status and amount when the provider holds one", () => {
    const refund = {
      providerRefundId: "re_9",
      status: "succeeded" as const,
      amountCents: 1250,
      currency: "USD",
    };
    expect(describeProviderLookup({ ...lookup, refund })).toBe(
      "Stripe holds refund re_9 (succeeded, $12.50) under key-1.",
    );
  });
});
