import { describe, expect, it } from "vitest";
import { fingerprintRefundRequest } from "./ledger-payment-provider";

const request = {
  idempotencyKey: "pa_1",
  amountCents: 4800,
  currency: "USD",
  target: "Visa •4242",
  customerId: "c1",
  orderId: "o1",
  paymentReference: null,
  lines: [],
  shippingCents: 0,
  metadata: { pendingActionId: "pa_1", quoteHash: "h1", conversationId: "cv1" },
};

describe("fingerprintRefundRequest", () => {
  it("does not depend on key order", () => {
    const reordered = Object.fromEntries(Object.entries(request).reverse()) as typeof request;
    expect(fingerprintRefundRequest(reordered)).toBe(fingerprintRefundRequest(request));
  });

  it.each([
    ["amountCents", 4801],
    ["currency", "EUR"],
    ["target", "Visa •1881"],
    ["customerId", "c2"],
    ["orderId", "o2"],
  ])("changes when %s changes", (field, value) => {
    expect(fingerprintRefundRequest({ ...request, [field]: value })).not.toBe(
      fingerprintRefundRequest(request),
    );
  });
});
