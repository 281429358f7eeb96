import { describe, expect, it } from "vitest";
import { POLICY_V1 } from "./policy-v1";
import { asksForManager, assessRisk, detectThreats, type RiskInput } from "./risk-signals";

const now = new Date("2026-03-01T12:00:00Z");
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);

const base: RiskInput = {
  currency: "USD",
  priorRefunds: { count: 0, totalCents: 0 },
  customerMessages: ["The mug arrived chipped."],
  customerSince: daysAgo(400),
  now,
};

const codes = (input: Partial<RiskInput>) => assessRisk({ ...base, ...input }).map((s) => s.code);

describe("detectThreats", () => {
  it.each([
    ["I'll file a chargeback with my bank", ["chargeback"]],
    ["I will do a charge-back", ["chargeback"]],
    ["I'm going to dispute this with my credit card company", ["bank dispute"]],
    ["Expect a 1-star review", ["one-star review"]],
    [
      "one star review incoming, and my lawyer will hear of it",
      ["one-star review", "legal action"],
    ],
    ["I will post about this on social media", ["public complaint"]],
    ["I'm reporting you to the BBB", ["report", "BBB complaint"]],
  ])("%s → %j", (text, expected) => {
    expect(detectThreats(text)).toEqual(expected);
  });

  it.each([
    "The coffee maker arrived cracked, the mugs are fine.",
    "Five stars for the socks, but the jacket is too big.",
    "Is there a charge for return shipping?",
    "The bbb pattern on the blanket is lovely",
    "",
  ])("finds no threat in %j", (text) => {
    expect(detectThreats(text)).toEqual([]);
  });
});

describe("asksForManager", () => {
  it.each([
    ["Let me speak to your manager", true],
    ["I want a supervisor NOW", true],
    ["please escalate this", true],
    ["Can I speak to a human?", true],
    ["I want to speak to a manager right now.", true],
    ["Get me your manager.", true],
    ["The jacket is too big", false],
    ["Thanks for managing this", false],
    ["the manager already approved this", false],
    ["My manager said I should ask for a refund", false],
  ])("%s → %s", (text, expected) => {
    expect(asksForManager(text)).toBe(expected);
  });
});

describe("assessRisk", () => {
  it("flags nothing for a small refund to an established, calm customer", () => {
    expect(assessRisk(base)).toEqual([]);
  });

  it("counts earlier refunds with their total", () => {
    const [signal] = assessRisk({ ...base, priorRefunds: { count: 2, totalCents: 9260 } });
    expect(signal).toEqual({
      code: "PRIOR_REFUNDS",
      severity: "warning",
      label: "2 earlier refunds to this customer ($92.60)",
    });
    expect(assessRisk({ ...base, priorRefunds: { count: 3, totalCents: 1 } })[0]?.severity).toBe(
      "danger",
    );
  });

  it("collects threats across messages once each, and a manager request", () => {
    const signals = assessRisk({
      ...base,
      customerMessages: [
        "I want ALL my money back or I file a chargeback.",
        "Chargeback it is. And a one-star review.",
        "Get me your manager.",
      ],
    });
    expect(signals).toEqual([
      {
        code: "THREAT",
        severity: "danger",
        label: "Threats in the thread: chargeback, one-star review",
      },
      { code: "MANAGER_REQUEST", severity: "warning", label: "Asked for a manager" },
    ]);
  });

  it("marks accounts younger than 30 days", () => {
    expect(codes({ customerSince: daysAgo(30) })).toEqual([]);
    expect(assessRisk({ ...base, customerSince: daysAgo(29) })[0]?.label).toBe(
      "Account 29 days old",
    );
    expect(assessRisk({ ...base, customerSince: daysAgo(1) })[0]?.label).toBe("Account 1 day old");
    expect(assessRisk({ ...base, customerSince: now })[0]?.label).toBe("Account created today");
  });

  it("warns when the agent chose a merchant-fault reason the customer never gave", () => {
    expect(
      codes({
        reason: {
          code: "damaged",
          statedByCustomer: false,
          terms: POLICY_V1.document.reasons.damaged,
        },
      }),
    ).toEqual(["UNSTATED_MERCHANT_FAULT"]);
    expect(
      codes({
        reason: {
          code: "wrong_item",
          statedByCustomer: false,
          terms: POLICY_V1.document.reasons.wrong_item,
        },
      }),
    ).toEqual(["UNSTATED_MERCHANT_FAULT"]);
    expect(
      codes({
        reason: {
          code: "damaged",
          statedByCustomer: true,
          terms: POLICY_V1.document.reasons.damaged,
        },
      }),
    ).toEqual([]);
    expect(
      codes({
        reason: {
          code: "too_large",
          statedByCustomer: false,
          terms: POLICY_V1.document.reasons.too_large,
        },
      }),
    ).toEqual([]);
    expect(
      codes({
        reason: {
          code: "not_as_described",
          statedByCustomer: false,
          terms: POLICY_V1.document.reasons.not_as_described,
        },
      }),
    ).toEqual(["UNSTATED_MERCHANT_FAULT"]);
  });
});
