import { z } from "zod";
import { defineRoute } from "@/lib/server/http/route";
import { applyRetention } from "@/lib/server/services/retention/apply-retention";
import { staffActor } from "@/lib/server/services/staff-actor";

const retentionRunSchema = z.object({ dryRun: z.boolean() }).strict();

// A dry run answers what a run would delete now; a run deletes it and audits the counts.
export const POST = defineRoute(
  { permission: "settings.write", body: retentionRunSchema, maxBodyBytes: 256 },
  async ({ body, session, context }) =>
    Response.json(
      await applyRetention({ dryRun: body.dryRun, actor: staffActor(session) }, context),
    ),
);
