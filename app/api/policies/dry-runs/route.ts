import { z } from "zod";
import { defineRoute } from "@/lib/server/http/route";
import {
  lookbackDaysSchema,
  runPolicyDryRun,
} from "@/lib/server/services/policy-dry-runs/run-policy-dry-run";
import { staffActor } from "@/lib/server/services/staff-actor";

const workspaceIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, "must be a workspace id");

// Replays the workspace's draft policy against its stored refund requests and the stories;
// answers the DryRunReport. Publishing's own permission comes with the editor; until then the
// settings one guards it.
export const POST = defineRoute(
  {
    permission: "policy.publish",
    body: z
      .object({
        lookbackDays: lookbackDaysSchema.optional(),
        workspaceId: workspaceIdSchema.optional(),
      })
      .strict(),
    maxBodyBytes: 1024,
  },
  async ({ body, session, context }) =>
    Response.json(
      await runPolicyDryRun(
        {
          workspaceId: body.workspaceId,
          lookbackDays: body.lookbackDays,
          actor: staffActor(session),
        },
        context,
      ),
      { status: 201, headers: { "Cache-Control": "no-store" } },
    ),
);
