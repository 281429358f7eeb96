import { describe, expect, it } from "vitest";
import {
  describeRefundReason,
  paymentProviderName,
  REFUND_STATE_LABELS,
} from "./refund-provider-words";
import { REFUND_STATES } from "./refund-state";

describe("refund provider words", () => {
  it("labels every provider state, and only a succeeded refund as paid", () => {
    for (const state of REFUND_STATES) {
      expect(REFUND_STATE_LABELS[state] === "Paid").toBe(state === "succeeded");
    }
    expect(REFUND_STATE_LABELS.pending).toBe("Processing");
    expect(REFUND_STATE_LABELS.requires_action).toBe("Needs action");
  });

  it("names the provider, and shows an unknown one as stored", () => {
    expect(paymentProviderName("stripe")).toBe("Stripe");
    expect(paymentProviderName("ledger")).toBe("Built-in ledger");
    expect(paymentProviderName("adyen")).toBe("adyen");
    expect(paymentProviderName("constructor")).toBe("constructor");
  });

  it("puts the provider's reason in words, and never hides a code it does not know", () => {
    expect(describeRefundReason("lost_or_stolen_card")).toBe(
      "the card was reported lost or stolen",
    );
    expect(describeRefundReason("new_code")).toBe("new_code");
    expect(describeRefundReason("toString")).toBe("toString");
    expect(describeRefundReason(null)).toBeNull();
  });
});
