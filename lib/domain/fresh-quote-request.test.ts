import { describe, expect, it } from "vitest";
import { classifyMessage } from "./classify-message";
import { freshQuoteRequestText } from "./fresh-quote-request";
import { inferReturnRequest } from "./parse-request";
import { blamesMerchant, REFUND_REASON_LABELS, type RefundReason } from "./policy-rules";
import { POLICY_V1 } from "./policy-v1";

const lines = [
  { lineId: "A1043-1", name: "Coffee maker" },
  { lineId: "A1043-2", name: "Ceramic mug set" },
  { lineId: "A1043-3", name: "Milk frother" },
];

describe("freshQuoteRequestText", () => {
  const reasons = Object.keys(REFUND_REASON_LABELS) as RefundReason[];

  it.each(reasons)(
    "is read back as the same items, and the reason %s unless it blames us",
    (reason) => {
      const text = freshQuoteRequestText({
        orderNumber: "A1043",
        lineNames: ["Coffee maker", "Milk frother"],
        reason,
      });
      // Words the code writes for the customer are not the customer's own statement of our fault.
      expect(inferReturnRequest(text, { lines, previouslySelectedLineIds: [] })).toMatchObject({
        lineIds: ["A1043-1", "A1043-3"],
        reason: blamesMerchant(POLICY_V1.document, reason) ? null : reason,
      });
    },
  );

  it.each(reasons)("never reads as a yes to the quote that lapsed (%s)", (reason) => {
    const text = freshQuoteRequestText({
      orderNumber: "A1043",
      lineNames: ["Coffee maker"],
      reason,
    });
    // Even if a quote for these items were still open, this must not confirm it.
    const openAction = {
      status: "awaiting_confirmation" as const,
      itemNames: ["Coffee maker"],
      lineIds: ["A1043-1"],
      netRefundCents: 4800,
      currency: "USD",
    };
    expect(classifyMessage({ text, openAction, language: "en" }).intent).not.toBe("confirm");
    expect(text).not.toContain("?");
  });
});
