import { z } from "zod";
import { defineRoute } from "@/lib/server/http/route";
import { policyWorkspaceId } from "@/lib/server/services/policies/policy-workspace";
import { rollBackPolicy } from "@/lib/server/services/policies/roll-back-policy";
import { staffActor } from "@/lib/server/services/staff-actor";
import { workspaceIdField } from "../policy-route-schemas";

// Publishes a new version, in force now, with the terms of the earlier version `number`.
export const POST = defineRoute(
  {
    permission: "policy.publish",
    body: z
      .object({ workspaceId: workspaceIdField, number: z.int().min(1).max(1_000_000) })
      .strict(),
    maxBodyBytes: 1024,
  },
  async ({ body, session, context }) =>
    rollBackPolicy(
      {
        workspaceId: await policyWorkspaceId(context.db, {
          staffUserId: session.user.id,
          workspaceId: body.workspaceId,
          whenUnnamed: "sole",
        }),
        number: body.number,
        actor: staffActor(session),
      },
      context,
    ),
);
