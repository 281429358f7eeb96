import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ROLES } from "./authz";
import {
  leavesAnActiveAdmin,
  newStaffAccountSchema,
  type StaffAccountState,
  staffPasswordSchema,
} from "./staff-accounts";

const ada: StaffAccountState = { id: "ada", role: "admin", active: true };
const pat: StaffAccountState = { id: "pat", role: "approver", active: true };
const old: StaffAccountState = { id: "old", role: "admin", active: false };

describe("the last active admin", () => {
  it.each([
    ["demoting the only admin", [ada, pat], "ada", { role: "approver" as const }, false],
    ["deactivating the only admin", [ada, pat], "ada", { active: false }, false],
    ["a deactivated admin does not count", [ada, old], "ada", { active: false }, false],
    [
      "demoting one of two admins",
      [ada, { ...pat, role: "admin" as const }],
      "ada",
      { role: "agent" as const },
      true,
    ],
    ["changing someone else", [ada, pat], "pat", { active: false }, true],
    ["promoting someone while demoting none", [ada, pat], "pat", { role: "admin" as const }, true],
    ["reactivating an admin when none is active", [old], "old", { active: true }, true],
  ])("%s: leaves an admin %s", (_name, accounts, target, change, expected) => {
    expect(leavesAnActiveAdmin(accounts, target, change)).toBe(expected);
  });

  it("any change keeps an admin exactly when some account other than the target is an active admin, or the target stays one", () => {
    const account = fc.record({
      id: fc.constantFrom("a", "b", "c", "d"),
      role: fc.constantFrom(...ROLES),
      active: fc.boolean(),
    });
    fc.assert(
      fc.property(
        fc.uniqueArray(account, { selector: (a) => a.id, minLength: 1 }),
        fc.record({
          role: fc.option(fc.constantFrom(...ROLES), { nil: undefined }),
          active: fc.option(fc.boolean(), { nil: undefined }),
        }),
        (accounts, rawChange) => {
          const change = Object.fromEntries(
            Object.entries(rawChange).filter(([, value]) => value !== undefined),
          );
          const target = accounts[0] as StaffAccountState;
          const after = { ...target, ...change };
          const othersKeepOne = accounts
            .slice(1)
            .some((other) => other.active && other.role === "admin");
          expect(leavesAnActiveAdmin(accounts, target.id, change)).toBe(
            othersKeepOne || (after.active && after.role === "admin"),
          );
        },
      ),
    );
  });
});

describe("new accounts and passwords", () => {
  it("normalises the email and requires a name and a known role", () => {
    expect(
      newStaffAccountSchema.parse({ email: " Sam@Example.COM ", name: " Sam ", role: "agent" }),
    ).toEqual({ email: "sam@example.com", name: "Sam", role: "agent" });
    expect(
      newStaffAccountSchema.safeParse({ email: "sam", name: "Sam", role: "agent" }).success,
    ).toBe(false);
    expect(
      newStaffAccountSchema.safeParse({ email: "s@x.io", name: " ", role: "agent" }).success,
    ).toBe(false);
    expect(
      newStaffAccountSchema.safeParse({ email: "s@x.io", name: "S", role: "owner" }).success,
    ).toBe(false);
  });

  it.each([
    ["short-pass", false],
    ["twelve-chars", true],
    ["x".repeat(72), true],
    ["x".repeat(73), false],
    ["é".repeat(40), false],
  ])("password %s accepted: %s", (password, accepted) => {
    expect(staffPasswordSchema.safeParse(password).success).toBe(accepted);
  });
});
