import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { POLICY_V1 } from "@/lib/domain/policy-v1";
import { DECLINED_JACKET_EXPECTATION, STORY_EXPECTATIONS } from "./eval-cases";
import { EvalPolicyError, parsePolicyDocument } from "./eval-policy";
import { DECLINED_JACKET, expectationUnder, STORY_STEPS } from "./policy-expectations";

const NOW = new Date("2026-12-07T12:00:00.000Z");
const holiday = parsePolicyDocument(
  JSON.parse(fs.readFileSync("policy/examples/holiday-2026.json", "utf8")),
  "policy/examples/holiday-2026.json",
);

describe("eval expectations computed by the engine", () => {
  it("under v1 are exactly the hand-written end states of every story", () => {
    for (const [key, steps] of Object.entries(STORY_STEPS)) {
      expect({ key, ...expectationUnder(steps, POLICY_V1, NOW) }).toEqual({
        key,
        ...STORY_EXPECTATIONS[key],
      });
    }
    expect(Object.keys(STORY_STEPS).sort()).toEqual(
      Object.keys(STORY_EXPECTATIONS)
        .filter((key) => key !== "billing-dispute")
        .sort(),
    );
    expect(expectationUnder(DECLINED_JACKET, POLICY_V1, NOW)).toEqual(DECLINED_JACKET_EXPECTATION);
  });

  it("under the holiday example quote Tom's 45-day-old blanket for an approver instead of denying it", () => {
    const policy = { version: "draft", document: holiday };
    expect(expectationUnder(STORY_STEPS["past-30-days"] ?? [], policy, NOW)).toEqual({
      actions: [{ status: "awaiting_approval", netRefundCents: 5760 }],
      refundsCents: [],
      told: [{ kind: "quote_presented" }],
    });
    expect(expectationUnder(STORY_STEPS["small-refund"] ?? [], policy, NOW)).toEqual(
      STORY_EXPECTATIONS["small-refund"],
    );
  });

  it("follows the draft's gates: under a lower limit the socks wait for an approver", () => {
    const policy = {
      version: "draft",
      document: { ...holiday, approval: { ...holiday.approval, autoApproveLimitCents: 1000 } },
    };
    expect(expectationUnder(STORY_STEPS["small-refund"] ?? [], policy, NOW)).toMatchObject({
      actions: [{ status: "awaiting_approval", netRefundCents: 1260 }],
      refundsCents: [],
    });
  });

  it("cites the window section when a draft's window refuses a story", () => {
    const policy = { version: "draft", document: { ...holiday, defaultWindowDays: 4 } };
    expect(expectationUnder(STORY_STEPS["too-big"] ?? [], policy, NOW)).toEqual({
      actions: [],
      refundsCents: [],
      told: [{ kind: "denial_cited", sections: ["§2"] }],
    });
  });
});

describe("a --policy file", () => {
  it("names the path of every problem, the document rules' too", () => {
    const broken = {
      ...holiday,
      quoteHoldMinutes: 0,
      approval: { ...holiday.approval, alwaysApproveChannels: [] },
    };
    expect(() => parsePolicyDocument(broken, "draft.json")).toThrow(EvalPolicyError);
    const withRules = { ...holiday, approval: { ...holiday.approval, alwaysApproveChannels: [] } };
    expect(() => parsePolicyDocument(withRules, "draft.json")).toThrow(
      /^draft\.json is not a valid policy document:\n {2}approval\.alwaysApproveChannels: Email refunds must always need an approver/,
    );
    expect(() => parsePolicyDocument(broken, "draft.json")).toThrow(/ {2}quoteHoldMinutes: /);
  });
});
