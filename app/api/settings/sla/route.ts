import { slaSettingsSchema } from "@/lib/domain/sla/sla-settings";
import { db } from "@/lib/server/db";
import { defineRoute } from "@/lib/server/http/route";
import { getSlaSettings } from "@/lib/server/services/sla/sla-settings-store";
import { updateSlaSettings } from "@/lib/server/services/sla/update-sla-settings";
import { staffActor } from "@/lib/server/services/staff-actor";

export const GET = defineRoute({ permission: "settings.read" }, async () =>
  Response.json({ settings: await getSlaSettings(db) }),
);

// The SLA targets and business calendar, saved whole; open tickets' due times follow at once.
export const POST = defineRoute(
  { permission: "settings.write", body: slaSettingsSchema, maxBodyBytes: 16 * 1024 },
  ({ body, session, context }) =>
    updateSlaSettings({ settings: body, actor: staffActor(session) }, context),
);
