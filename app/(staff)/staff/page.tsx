import type { Metadata } from "next";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { requireStaffPage } from "@/lib/server/auth/session";
import { appContext } from "@/lib/server/process/app-context";
import { listStaff } from "@/lib/server/services/staff/list-staff";
import { getSettings } from "@/lib/server/settings/get-settings";
import { ApproverLimitForm } from "./approver-limit-form";
import { InviteStaffForm } from "./invite-staff-form";
import { StaffTable } from "./staff-table";

export const metadata: Metadata = { title: "Staff" };
export const dynamic = "force-dynamic";

export default async function StaffPage() {
  const session = await requireStaffPage("staff.manage");
  const [staff, settings] = await Promise.all([
    listStaff({}, appContext()),
    getSettings(appContext().db),
  ]);
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Staff</h1>
        <p className="mt-1 max-w-prose text-sm text-slate-700">
          Who can sign in and what their role lets them do. A change applies to the person&apos;s
          very next request and is recorded in the audit log. The team always keeps at least one
          active admin.
        </p>
      </div>
      <Card>
        <CardHeader title="Accounts" />
        <StaffTable staff={staff} meId={session.user.id} />
      </Card>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader
            title="Invite someone"
            description="They get a one-time link to set their own password; it works once and for 72 hours."
          />
          <CardBody>
            <InviteStaffForm />
          </CardBody>
        </Card>
        <Card>
          <CardHeader
            title="Approval limits"
            description="Admins approve any amount. Agents see the approval queue but never decide."
          />
          <CardBody>
            <ApproverLimitForm approverLimitCents={settings.approverLimitCents} />
          </CardBody>
        </Card>
      </div>
    </div>
  );
}
