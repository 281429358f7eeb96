import { describe, expect, it } from "vitest";
import { type ApprovalGateInput, approvalGateText } from "./approval-gate";

const base: ApprovalGateInput = {
  channel: "chat",
  netRefundCents: 1200,
  currency: "USD",
  autoApproveLimitCents: 2500,
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
      "Needs approval: the agent chose a reason that pays in full",
    );
    expect(approvalGateText({ ...base, netRefundCents: 2500 })).toBe("Needs approval");
  });
});
