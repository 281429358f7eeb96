import { z } from "zod";
import { defineRoute } from "@/lib/server/http/route";
import { policyWorkspaceId } from "@/lib/server/services/policies/policy-workspace";
import { publishPolicyDraft } from "@/lib/server/services/policies/publish-policy-draft";
import { staffActor } from "@/lib/server/services/staff-actor";
import { instantField, workspaceIdField } from "../policy-route-schemas";

// Publishes the draft, now or in a window; 409 unless its newest dry run proved these terms.
export const POST = defineRoute(
  {
    permission: "policy.publish",
    body: z
      .object({
        workspaceId: workspaceIdField,
        effectiveFrom: instantField.optional(),
        effectiveUntil: instantField.optional(),
      })
      .strict(),
    maxBodyBytes: 1024,
  },
  async ({ body, session, context }) =>
    publishPolicyDraft(
      {
        workspaceId: await policyWorkspaceId(context.db, {
          staffUserId: session.user.id,
          workspaceId: body.workspaceId,
          whenUnnamed: "sole",
        }),
        effectiveFrom: body.effectiveFrom,
        effectiveUntil: body.effectiveUntil,
        actor: staffActor(session),
      },
      context,
    ),
);
