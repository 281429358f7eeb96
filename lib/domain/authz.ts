import { z } from "zod";

export const ROLES = ["agent", "approver", "admin"] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

export const PERMISSIONS = [
  "tickets.read",
  "tickets.reply",
  "runs.control",
  "stories.start",
  "approvals.read",
  "approvals.decide",
  "refunds.reconcile",
  "disputes.resolve",
  "audit.read",
  "settings.read",
  "settings.write",
  "policy.publish",
  "staff.manage",
  "replies.share",
] as const;
export const permissionSchema = z.enum(PERMISSIONS);
export type Permission = z.infer<typeof permissionSchema>;

const SUPPORT_WORK: readonly Permission[] = [
  "tickets.read",
  "tickets.reply",
  "runs.control",
  "stories.start",
  "approvals.read",
  "settings.read",
];

/**
 * The whole permission model in one table. An agent sees the approval queue (so they know
 * what is waiting) but cannot decide; deciding, settling unknown payment outcomes and handling
 * billing disputes are money work, so they need an approver (the billing team). Only admins read the audit log, change limits and manage staff accounts.
 */
export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = {
  agent: SUPPORT_WORK,
  approver: [...SUPPORT_WORK, "approvals.decide", "refunds.reconcile", "disputes.resolve"],
  admin: [
    ...SUPPORT_WORK,
    "approvals.decide",
    "refunds.reconcile",
    "disputes.resolve",
    "audit.read",
    "settings.write",
    // Drafting, publishing and rolling back the refund policy: it sets what every refund pays.
    "policy.publish",
    "staff.manage",
    // Shared saved replies speak for the whole team (lib/domain/saved-reply-access.ts).
    "replies.share",
  ],
};

export function can(roles: readonly Role[], permission: Permission): boolean {
  // Roles come from storage; a role name this build does not know grants nothing.
  return roles.some((role) => ROLE_PERMISSIONS[role]?.includes(permission) ?? false);
}

export function listPermissions(roles: readonly Role[]): Permission[] {
  return PERMISSIONS.filter((permission) => can(roles, permission));
}
