import { db } from "@/lib/server/db";
import { defineRoute } from "@/lib/server/http/route";
import {
  type SettingsSaved,
  settingsChangeSchema,
  updateSettings,
} from "@/lib/server/services/settings/update-settings";
import { staffActor } from "@/lib/server/services/staff-actor";
import { getSettings } from "@/lib/server/settings/get-settings";

export const GET = defineRoute({ permission: "settings.read" }, async () =>
  Response.json({ settings: await getSettings(db) }),
);

// Answers the settings now in force and which keys changed (none when the values were the same).
export const POST = defineRoute(
  { permission: "settings.write", body: settingsChangeSchema, maxBodyBytes: 2 * 1024 },
  async ({ body, session, context }) => {
    const { settings, changed } = await updateSettings(
      { change: body, actor: staffActor(session) },
      context,
    );
    return Response.json({
      settings,
      changed: changed.map(({ key }) => key),
    } satisfies SettingsSaved);
  },
);
