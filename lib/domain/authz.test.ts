import { describe, expect, it } from "vitest";
import { can, listPermissions, PERMISSIONS, type Permission, ROLES, type Role } from "./authz";

describe("role → permission table", () => {
  const expected: Record<Role, Permission[]> = {
    agent: [
      "tickets.read",
      "tickets.reply",
      "runs.control",
      "stories.start",
      "approvals.read",
      "settings.read",
    ],
    approver: [
      "tickets.read",
      "tickets.reply",
      "runs.control",
      "stories.start",
      "approvals.read",
      "approvals.decide",
      "refunds.reconcile",
      "disputes.resolve",
      "settings.read",
    ],
    admin: [...PERMISSIONS],
  };

  it.each(ROLES)("%s has exactly its permissions", (role) => {
    for (const permission of PERMISSIONS) {
      expect(can([role], permission), `${role} ${permission}`).toBe(
        expected[role].includes(permission),
      );
    }
  });

  it("keeps money decisions from agents, and the audit log and limits for admins", () => {
    expect(can(["agent"], "approvals.decide")).toBe(false);
    expect(can(["approver"], "approvals.decide")).toBe(true);
    expect(can(["admin"], "approvals.decide")).toBe(true);
    expect(can(["approver"], "audit.read")).toBe(false);
    expect(can(["approver"], "settings.write")).toBe(false);
    expect(can(["approver"], "policy.publish")).toBe(false);
    expect(can(["agent"], "policy.publish")).toBe(false);
    expect(can(["admin"], "policy.publish")).toBe(true);
    expect(can(["admin"], "audit.read")).toBe(true);
    expect(can(["approver"], "staff.manage")).toBe(false);
    expect(can(["admin"], "staff.manage")).toBe(true);
  });

  it("unions several roles and grants nothing for none or an unknown one", () => {
    expect(can(["agent", "approver"], "approvals.decide")).toBe(true);
    expect(can([], "tickets.read")).toBe(false);
    expect(can(["owner" as Role], "tickets.read")).toBe(false);
    expect(listPermissions(["agent"])).toEqual(expected.agent);
  });
});
