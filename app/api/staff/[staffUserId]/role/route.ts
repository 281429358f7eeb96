import { z } from "zod";
import { roleSchema } from "@/lib/domain/authz";
import { defineRoute } from "@/lib/server/http/route";
import { changeStaffRole } from "@/lib/server/services/staff/change-staff-role";
import { staffActor } from "@/lib/server/services/staff-actor";

// 409 LAST_ADMIN when this would leave no active admin.
export const POST = defineRoute(
  {
    permission: "staff.manage",
    params: z.object({ staffUserId: z.string().min(1).max(100) }),
    body: z.object({ role: roleSchema }),
    maxBodyBytes: 1024,
  },
  async ({ params, body, session, context }) =>
    changeStaffRole(
      { staffUserId: params.staffUserId, role: body.role, actor: staffActor(session) },
      context,
    ),
);
