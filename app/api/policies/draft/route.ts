import { z } from "zod";
import { defineRoute } from "@/lib/server/http/route";
import { discardPolicyDraft } from "@/lib/server/services/policies/discard-policy-draft";
import { openPolicyDraft } from "@/lib/server/services/policies/open-policy-draft";
import { policyWorkspaceId } from "@/lib/server/services/policies/policy-workspace";
import { savePolicyDraft } from "@/lib/server/services/policies/save-policy-draft";
import { staffActor } from "@/lib/server/services/staff-actor";
import { workspaceIdField, workspaceQuerySchema } from "../policy-route-schemas";

// Opens the workspace's draft from the live version (or answers the one already open).
export const POST = defineRoute(
  {
    permission: "policy.publish",
    body: z.object({ workspaceId: workspaceIdField }).strict(),
    maxBodyBytes: 1024,
  },
  async ({ body, session, context }) =>
    openPolicyDraft(
      {
        workspaceId: await policyWorkspaceId(context.db, {
          staffUserId: session.user.id,
          workspaceId: body.workspaceId,
          whenUnnamed: "sole",
        }),
        actor: staffActor(session),
      },
      context,
    ),
);

// Saves the draft's document; the use case validates it and answers each problem at its path.
export const PUT = defineRoute(
  {
    permission: "policy.publish",
    body: z.object({ workspaceId: workspaceIdField, document: z.unknown() }).strict(),
    maxBodyBytes: 64 * 1024,
  },
  async ({ body, session, context }) =>
    savePolicyDraft(
      {
        workspaceId: await policyWorkspaceId(context.db, {
          staffUserId: session.user.id,
          workspaceId: body.workspaceId,
          whenUnnamed: "sole",
        }),
        document: body.document,
        actor: staffActor(session),
      },
      context,
    ),
);

export const DELETE = defineRoute(
  { permission: "policy.publish", query: workspaceQuerySchema },
  async ({ query, session, context }) =>
    discardPolicyDraft(
      {
        workspaceId: await policyWorkspaceId(context.db, {
          staffUserId: session.user.id,
          workspaceId: query.workspaceId,
          whenUnnamed: "sole",
        }),
        actor: staffActor(session),
      },
      context,
    ),
);
