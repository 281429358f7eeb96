import { describe, expect, it } from "vitest";
import { buildScenarioOrders } from "@/tests/data/scenario-fixtures";
import { REFUND_FAILED_NEXT_STEP } from "./customer-phrases";
import { evaluateRefund } from "./evaluate-refund";
import { POLICY_V1 } from "./policy-v1";
import { refundFailedNotice, refundPaidNotice, refundProcessingNotice } from "./refund-notices";

const NOW = new Date("2026-03-15T12:00:00.000Z");
const decision = evaluateRefund({
  order: buildScenarioOrders(NOW).samB2001,
  selectedLineIds: ["B2001-1"],
  reason: "too_large",
  channel: "chat",
  now: NOW,
  policy: POLICY_V1,
});
if (decision.kind !== "quote") throw new Error("fixture must quote");
const facts = { customerName: "Sam Lee", quote: decision.quote };
const REFUNDED = /\brefunded\b|completed|issued/i;

describe("refund notices", () => {
  it("says refunded, with the amount and target, only for a paid refund", () => {
    const paid = refundPaidNotice(facts);
    expect(paid.body).toContain(`We have refunded $80.10 to your ${facts.quote.refundTarget}`);
    expect(paid.chat).toMatch(REFUNDED);
  });

  it("says processing and not yet on the account while the provider has it pending", () => {
    const processing = refundProcessingNotice(facts);
    for (const text of [processing.subject, processing.body, processing.chat]) {
      expect(text).not.toMatch(REFUNDED);
    }
    expect(processing.chat).toContain("has not reached your account yet");
  });

  it("apologises with the next step, saying whether the money had been reported paid", () => {
    const before = refundFailedNotice(facts, { state: "failed", reason: null, wasPaid: false });
    const after = refundFailedNotice(facts, {
      state: "failed",
      reason: "expired_or_canceled_card",
      wasPaid: true,
    });
    expect(before.chat).toContain("did not go through, so no money has reached your account");
    expect(after.chat).toContain("did not reach you after all — the card has expired");
    for (const notice of [before, after]) {
      expect(notice.body).toContain(REFUND_FAILED_NEXT_STEP);
      expect(notice.chat).not.toMatch(/\bwe have refunded\b|\bissued\b/i);
    }
  });

  it("leaves out a reason code it has no words for", () => {
    const notice = refundFailedNotice(facts, {
      state: "canceled",
      reason: "some_new_code_from_the_provider",
      wasPaid: false,
    });
    expect(notice.chat).not.toContain("some_new_code");
  });
});
