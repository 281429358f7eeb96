import { z } from "zod";
import { defineRoute } from "@/lib/server/http/route";
import { latestPolicyDryRunFor } from "@/lib/server/services/policy-dry-runs/run-policy-dry-run";

// The workspace's newest dry run ({ report: null } before the first), for the policy editor.
export const GET = defineRoute(
  {
    permission: "settings.read",
    query: z
      .object({
        workspaceId: z
          .string()
          .regex(/^[A-Za-z0-9_-]{1,100}$/, "must be a workspace id")
          .optional(),
      })
      .strict(),
  },
  async ({ query, session, context }) =>
    Response.json(
      {
        report: await latestPolicyDryRunFor(
          { staffUserId: session.user.id, workspaceId: query.workspaceId },
          context,
        ),
      },
      { headers: { "Cache-Control": "no-store" } },
    ),
);
