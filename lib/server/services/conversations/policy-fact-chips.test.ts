import { describe, expect, it } from "vitest";
import { policyFactChips } from "./policy-fact-chips";

const facts = {
  policyVersion: "refund-policy/v1",
  orderNumber: "A1066",
  currency: "USD",
  delivered: true,
  daysSinceDelivery: 10,
  lines: [
    { name: "Cast-iron skillet", refundable: true, daysLeftInWindow: 20, reasons: [] },
    {
      name: "Gift card",
      refundable: false,
      daysLeftInWindow: 20,
      reasons: [{ code: "FINAL_SALE" }],
    },
  ],
  refundableLineIds: ["l1"],
  remainingRefundableCents: 3500,
  shippingRefundableCents: 995,
  denyReasons: [],
};

describe("policyFactChips", () => {
  it("labels the order, delivery, each line's standing and the refundable amounts", () => {
    expect(policyFactChips(facts)).toEqual([
      { label: "Order A1066", tone: "neutral" },
      { label: "Policy refund-policy/v1", tone: "neutral" },
      { label: "Delivered 10 days ago", tone: "neutral" },
      { label: "Cast-iron skillet: refundable, 20 days left", tone: "success" },
      { label: "Gift card: final sale", tone: "danger" },
      { label: "Refundable before fees $35.00", tone: "neutral" },
      { label: "Shipping refundable $9.95", tone: "neutral" },
    ]);
  });

  it("flags an undelivered order and names unknown refusal codes as they are", () => {
    const chips = policyFactChips({
      orderNumber: "B1",
      delivered: false,
      daysSinceDelivery: null,
      lines: [{ name: "Lamp", refundable: false, reasons: [{ code: "SOMETHING_NEW" }] }],
    });
    expect(chips).toEqual([
      { label: "Order B1", tone: "neutral" },
      { label: "Not delivered", tone: "warning" },
      { label: "Lamp: SOMETHING_NEW", tone: "danger" },
    ]);
  });

  it("gives no chips for a result that is not policy facts, and survives an unknown currency", () => {
    expect(policyFactChips({ error: "No order" })).toEqual([]);
    expect(policyFactChips(null)).toEqual([]);
    const odd = policyFactChips({
      orderNumber: "C1",
      currency: "dollars",
      remainingRefundableCents: 5,
    });
    expect(odd.at(-1)?.label).toBe("Refundable before fees 5 cents");
  });
});
