import { describe, expect, it } from "vitest";
import { type ApprovalGateInput, approvalGateText } from "./approval-gate";
import { POLICY_V1 } from "./policy-v1";

const base: ApprovalGateInput = {
  channel: "chat",
  netRefundCents: 1200,
  currency: "USD",
  reason: "too_small",
  policy: POLICY_V1.document,
  confirmedByStaff: false,
  unstatedMerchantFault: false,
};

describe("approvalGateText", () => {
  it("names the auto-approve limit a refund is over", () => {
    expect(approvalGateText({ ...base, netRefundCents: 8010 })).toBe(
      "Needs approval: over the $25.00 auto-approve limit",
    );
    expect(approvalGateText({ ...base, netRefundCents: 8010, channel: "email" })).toBe(
      "Needs approval: over the $25.00 auto-approve limit",
    );
  });

  it("names the rule that applies under the limit", () => {
    expect(approvalGateText({ ...base, channel: "email" })).toBe(
      "Needs approval: every email refund is countersigned",
    );
    expect(approvalGateText({ ...base, confirmedByStaff: true })).toBe(
      "Needs approval: staff confirmed it for the customer",
    );
    expect(approvalGateText({ ...base, unstatedMerchantFault: true })).toBe(
      "Needs approval: the agent chose a reason that pays more",
    );
    expect(approvalGateText({ ...base, reason: "damaged" })).toBe(
      "Needs approval: over the $0.00 limit for a reason that is the merchant's fault",
    );
    expect(approvalGateText({ ...base, netRefundCents: 2500 })).toBe("Needs approval");
  });

  it("names the policy's always-a-person rules", () => {
    const policy = {
      ...POLICY_V1.document,
      approval: {
        ...POLICY_V1.document.approval,
        alwaysApproveChannels: ["chat" as const, "email" as const],
      },
    };
    expect(approvalGateText({ ...base, policy })).toBe(
      "Needs approval: the policy sends every chat refund to a person",
    );
    const byReason = {
      ...POLICY_V1.document,
      approval: { ...POLICY_V1.document.approval, alwaysApproveReasons: ["too_small" as const] },
    };
    expect(approvalGateText({ ...base, policy: byReason })).toBe(
      'Needs approval: the policy sends every "too small" refund to a person',
    );
  });
});
