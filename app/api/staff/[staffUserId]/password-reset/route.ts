import { z } from "zod";
import { getServerEnv } from "@/lib/server/env";
import { defineRoute } from "@/lib/server/http/route";
import { passwordLinkSigning } from "@/lib/server/services/staff/password-link";
import { resetStaffPassword } from "@/lib/server/services/staff/reset-staff-password";
import { staffActor } from "@/lib/server/services/staff-actor";

// Answers the new one-time link; it is shown once and never stored or cached.
export const POST = defineRoute(
  { permission: "staff.manage", params: z.object({ staffUserId: z.string().min(1).max(100) }) },
  async ({ params, session, context }) =>
    Response.json(
      await resetStaffPassword(
        {
          staffUserId: params.staffUserId,
          actor: staffActor(session),
          passwordLinks: passwordLinkSigning(getServerEnv()),
        },
        context,
      ),
      { headers: { "Cache-Control": "no-store" } },
    ),
);
