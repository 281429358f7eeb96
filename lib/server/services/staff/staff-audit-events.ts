import type { Role } from "@/lib/domain/authz";

/* What admins do to staff accounts, and a staff member setting their password from a link. */
declare module "@/lib/domain/audit-events" {
  interface AuditEventDefinitions {
    "staff.invited": {
      subjectType: "staff_user";
      payload: { email: string; name: string; role: Role };
    };
    "staff.role_changed": { subjectType: "staff_user"; payload: { oldRole: Role; newRole: Role } };
    "staff.deactivated": { subjectType: "staff_user"; payload: { email: string } };
    /** The old password no longer works and every session ended; a new link was issued. */
    "staff.password_reset": { subjectType: "staff_user"; payload: { email: string } };
    "staff.password_set": { subjectType: "staff_user"; payload: { email: string } };
  }
}
