import { newStaffAccountSchema } from "@/lib/domain/staff-accounts";
import { defineRoute } from "@/lib/server/http/route";
import { inviteStaff } from "@/lib/server/services/staff/invite-staff";
import { listStaff } from "@/lib/server/services/staff/list-staff";
import { staffActor } from "@/lib/server/services/staff-actor";

export const GET = defineRoute({ permission: "staff.manage" }, async () => ({
  staff: await listStaff(),
}));

// 201 with the one-time set-password link; it is shown once and never stored or cached.
export const POST = defineRoute(
  { permission: "staff.manage", body: newStaffAccountSchema, maxBodyBytes: 2 * 1024 },
  async ({ body, session }) =>
    Response.json(await inviteStaff({ account: body, actor: staffActor(session) }), {
      status: 201,
      headers: { "Cache-Control": "no-store" },
    }),
);
