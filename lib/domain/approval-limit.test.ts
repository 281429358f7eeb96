import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { approvalLimitFor, checkApprovalLimit } from "./approval-limit";
import { ROLES, type Role } from "./authz";

const LIMITS = { approverLimitCents: 10_000 };

describe("approval limits per role", () => {
  it.each<[Role[], number | null]>([
    [["approver"], 10_000],
    [["admin"], null],
    [["approver", "admin"], null],
    [["agent"], 0],
    [[], 0],
  ])("%j may approve up to %s", (roles, limit) => {
    expect(approvalLimitFor(roles, LIMITS)).toBe(limit);
  });

  it.each([
    [9_999, true],
    [10_000, true],
    [10_001, false],
  ])("an approver approving %i cents against a $100.00 limit: allowed %s", (cents, allowed) => {
    expect(checkApprovalLimit(["approver"], cents, LIMITS).ok).toBe(allowed);
  });

  it("says what the limit is and who may approve instead", () => {
    expect(checkApprovalLimit(["approver"], 12_900, LIMITS)).toEqual({
      ok: false,
      code: "OVER_APPROVAL_LIMIT",
      limitCents: 10_000,
      message: "$129.00 is above the $100.00 approver limit; an admin must approve it",
    });
  });

  it("a zero limit leaves every refund but a free one to an admin", () => {
    expect(checkApprovalLimit(["approver"], 0, { approverLimitCents: 0 }).ok).toBe(true);
    expect(checkApprovalLimit(["approver"], 1, { approverLimitCents: 0 }).ok).toBe(false);
  });

  it("an admin approves any amount; an approver exactly those up to the limit", () => {
    fc.assert(
      fc.property(
        fc.subarray([...ROLES]),
        fc.nat({ max: 10_000_000 }),
        fc.nat({ max: 10_000_000 }),
        (roles, amount, limit) => {
          const verdict = checkApprovalLimit(roles, amount, { approverLimitCents: limit });
          if (roles.includes("admin")) expect(verdict.ok).toBe(true);
          else if (roles.includes("approver")) expect(verdict.ok).toBe(amount <= limit);
          else expect(verdict.ok).toBe(amount === 0);
        },
      ),
    );
  });
});
