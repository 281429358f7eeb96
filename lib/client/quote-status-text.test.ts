import { describe, expect, it } from "vitest";
import { FRESH_QUOTE_INVITATION } from "@/lib/domain/quote-presentation";
import type { WidgetQuoteCard } from "@/lib/server/services/widget/widget-snapshot";
import { quoteStatusText } from "./quote-status-text";

const card: WidgetQuoteCard = {
  kind: "quote",
  id: "pa_1",
  status: "awaiting_confirmation",
  quoteHash: "hash",
  orderNumber: "1001",
  reason: "damaged",
  currency: "USD",
  lines: [],
  subtotalCents: 5000,
  feeCents: 0,
  shippingRefundCents: 0,
  netRefundCents: 5000,
  refundTarget: "Visa ending 4242",
  notices: { refusedLines: [], feeLines: [], assumedReason: null },
  outdatedBecause: null,
  needsApproval: false,
  expiresAt: "2026-03-15T12:30:00.000Z",
  createdAt: "2026-03-15T12:00:00.000Z",
  refund: null,
};

describe("quoteStatusText", () => {
  it("says until when an unconfirmed quote is held and that nothing moved yet", () => {
    expect(quoteStatusText(card)).toMatch(
      /^Held for you until .+\. Nothing is refunded until you confirm\.$/,
    );
  });

  it("names the refund that was made, falling back to the quote's own amount and target", () => {
    expect(quoteStatusText({ ...card, status: "executed" })).toBe(
      "Refunded $50.00 to Visa ending 4242.",
    );
    expect(
      quoteStatusText({
        ...card,
        status: "executed",
        refund: { id: "rf_1", amountCents: 4500, target: "store credit" },
      }),
    ).toBe("Refunded $45.00 to store credit.");
  });

  it("says why an expired quote lapsed when the order changed under it", () => {
    expect(
      quoteStatusText({ ...card, status: "expired", outdatedBecause: "The order was returned." }),
    ).toBe(`This quote is no longer valid: The order was returned. ${FRESH_QUOTE_INVITATION}`);
    expect(quoteStatusText({ ...card, status: "expired" })).toMatch(
      /^This quote expired without an answer/,
    );
  });

  it("never tells the customer a rejected or failed refund went through", () => {
    for (const status of ["rejected", "failed", "declined"] as const) {
      expect(quoteStatusText({ ...card, status })).not.toMatch(/^Refunded/);
    }
  });
});
