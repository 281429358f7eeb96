import "server-only";
import { z } from "zod";
import { decideApproval, decisionSchema } from "@/lib/server/services/approvals/decide-approval";
import type { PipelineContext } from "../route-pipeline";

/*
 * POST /api/approvals/:actionId/decision, defined once for both servers that answer it: the route
 * handler in app/api (next dev, and any server that has not registered the Node routes) and the
 * Node route next-server.mjs answers before Next (node-routes.ts).
 * A second decision on the same action answers 409 ALREADY_DECIDED with `decidedBy` in the body.
 */
const options = {
  permission: "approvals.decide",
  params: z.object({ actionId: z.string().min(1).max(100) }),
  body: decisionSchema,
  maxBodyBytes: 8 * 1024,
} as const;

type DecisionContext = PipelineContext<
  typeof options.permission,
  typeof options.params,
  typeof options.body,
  undefined
>;

async function decide({ params, body, session, context }: DecisionContext) {
  const { result } = await decideApproval(
    { ...body, actionId: params.actionId, deciderId: session.user.id },
    context,
  );
  return result;
}

export const approvalDecisionRoute = { options, handler: decide };
