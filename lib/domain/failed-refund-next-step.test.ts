import { describe, expect, it } from "vitest";
import { nextStepForFailedRefund } from "./failed-refund-next-step";

describe("nextStepForFailedRefund", () => {
  it.each([
    [
      "Order #1001 changed in the store since the quote was made: its items changed. Kettle is no longer on the order",
      /was sent a new quote/,
    ],
    [
      "Order A1043 changed since the quote was made: its refunds changed. Coffee maker has been refunded since the quote was made",
      /Another refund already paid/,
    ],
    ["Order #1001 is no longer in the store, so the quote cannot be paid.", /was sent a new quote/],
    ["Wool socks has been refunded since the quote was made", /Another refund already paid/],
    ["Shipping for this order has been refunded since the quote", /Another refund already paid/],
    ["Rain jacket is no longer on the order", /order changed/],
    ["The policy now gives a different quote; the customer must see it again", /different amount/],
    [
      "Rain jacket was delivered 59 days ago, outside the 30-day return window.",
      /policy no longer allows this refund/,
    ],
    ["Gift card is final sale and cannot be refunded.", /policy no longer allows this refund/],
    ["No refund exists at the payment provider. Checked the ledger.", /payment did not go through/],
    ["The payment provider declined the refund. Card closed.", /payment did not go through/],
    ["The order does not belong to this conversation's customer", /not this customer's/],
  ])("%s → a specific next step", (reason, step) => {
    expect(nextStepForFailedRefund(reason)).toMatch(step);
  });

  it("falls back to a general step for an unknown or missing reason", () => {
    expect(nextStepForFailedRefund(null)).toMatch(/check the customer's orders/);
    expect(nextStepForFailedRefund("Something new")).toBe(nextStepForFailedRefund(null));
  });
});
