import { defineRoute } from "@/lib/server/http/route";
import { getPolicyEditor } from "@/lib/server/services/policies/get-policy-editor";
import { policyWorkspaceId } from "@/lib/server/services/policies/policy-workspace";
import { workspaceQuerySchema } from "./policy-route-schemas";

// The editor's state: the live version and its customer-facing text, the draft, its newest dry run, the history.
export const GET = defineRoute(
  { permission: "settings.read", query: workspaceQuerySchema },
  async ({ query, session, context }) =>
    getPolicyEditor(
      {
        workspaceId: await policyWorkspaceId(context.db, {
          staffUserId: session.user.id,
          workspaceId: query.workspaceId,
          whenUnnamed: "first",
        }),
      },
      context,
    ),
);
