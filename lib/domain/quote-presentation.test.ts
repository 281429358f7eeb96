import { describe, expect, it } from "vitest";
import { buildScenarioOrders } from "@/tests/data/scenario-fixtures";
import { evaluateRefund } from "./evaluate-refund";
import { POLICY_V1 } from "./policy-v1";
import { renderQuoteMarkdown } from "./quote";
import {
  describeOutdatedQuote,
  describeQuoteNotices,
  renderQuotePresentation,
} from "./quote-presentation";

const now = new Date("2026-06-01T12:00:00Z");
const orders = buildScenarioOrders(now);
const socks = evaluateRefund({
  order: orders.samB2001,
  selectedLineIds: [orders.samB2001.lines[1]?.lineId ?? ""],
  reason: "too_small",
  channel: "chat",
  now,
  policy: POLICY_V1,
});
if (socks.kind !== "quote") throw new Error("fixture must quote");

const present = (overrides: Partial<Parameters<typeof renderQuotePresentation>[0]> = {}) =>
  renderQuotePresentation({
    quote: socks.quote,
    refused: [],
    reasonStatedByCustomer: true,
    holdEndsAt: new Date(now.getTime() + 10 * 60_000),
    now,
    again: false,
    ...overrides,
  });

describe("renderQuotePresentation", () => {
  it("shows the engine's table verbatim, with the remaining hold", () => {
    const text = present();
    expect(text).toContain(renderQuoteMarkdown(socks.quote));
    expect(text).toContain("held for 10 more minutes");
  });

  it("counts the hold from its end, never restarting it", () => {
    const text = present({ again: true, now: new Date(now.getTime() + 9.5 * 60_000) });
    expect(text).toContain("again");
    expect(text).toContain("held for 1 more minute.");
  });

  it("asks the customer to check a reason they never gave", () => {
    expect(present()).not.toContain("assumes");
    expect(present({ reasonStatedByCustomer: false })).toContain(
      "this quote assumes: **too small**",
    );
  });

  it("names the lines policy left out", () => {
    expect(present({ refused: ["Gift card is a final-sale item"] })).toContain(
      "- Gift card is a final-sale item",
    );
  });
});

describe("describeQuoteNotices", () => {
  it("is what the quote message says beyond its table, sentence for sentence", () => {
    const refused = ["Gift card is a final-sale item and cannot be refunded. (policy §3)"];
    const notices = describeQuoteNotices({
      quote: socks.quote,
      refused,
      reasonStatedByCustomer: false,
    });
    const text = present({ refused, reasonStatedByCustomer: false });
    expect(notices.refusedLines).toEqual(refused);
    expect(notices.assumedReason).toBe("too small");
    for (const line of [...notices.refusedLines, ...notices.feeLines]) {
      expect(text).toContain(line);
    }
  });
});

describe("describeOutdatedQuote", () => {
  it("says the quote no longer holds, why, that nothing was refunded, and how to get a fresh one", () => {
    const text = describeOutdatedQuote(socks.quote, ["Wool socks has already been refunded."]);
    expect(text).toContain("quote for order B2001 is no longer valid");
    expect(text).toContain("- Wool socks has already been refunded.");
    expect(text).toContain("Nothing was refunded on this quote. Ask for a fresh quote");
  });
});
