import { z } from "zod";
import { defineRoute } from "@/lib/server/http/route";
import { deactivateStaff } from "@/lib/server/services/staff/deactivate-staff";
import { staffActor } from "@/lib/server/services/staff-actor";

// 409 LAST_ADMIN when this would leave no active admin.
export const POST = defineRoute(
  { permission: "staff.manage", params: z.object({ staffUserId: z.string().min(1).max(100) }) },
  async ({ params, session, context }) =>
    deactivateStaff({ staffUserId: params.staffUserId, actor: staffActor(session) }, context),
);
