import { newStaffAccountSchema } from "@/lib/domain/staff-accounts";
import { getServerEnv } from "@/lib/server/env";
import { defineRoute } from "@/lib/server/http/route";
import { inviteStaff } from "@/lib/server/services/staff/invite-staff";
import { listStaff } from "@/lib/server/services/staff/list-staff";
import { passwordLinkSigning } from "@/lib/server/services/staff/password-link";
import { staffActor } from "@/lib/server/services/staff-actor";

export const GET = defineRoute({ permission: "staff.manage" }, async ({ context }) => ({
  staff: await listStaff({}, context),
}));

// 201 with the one-time set-password link; it is shown once and never stored or cached.
export const POST = defineRoute(
  { permission: "staff.manage", body: newStaffAccountSchema, maxBodyBytes: 2 * 1024 },
  async ({ body, session, context }) =>
    Response.json(
      await inviteStaff(
        {
          account: body,
          actor: staffActor(session),
          passwordLinks: passwordLinkSigning(getServerEnv()),
        },
        context,
      ),
      { status: 201, headers: { "Cache-Control": "no-store" } },
    ),
);
