import { z } from "zod";
import { defineRoute } from "@/lib/server/http/route";
import {
  settleReconciliation,
  settleReconciliationSchema,
} from "@/lib/server/services/reconciliations/settle-reconciliation";

// Mark paid / mark not paid / retry with the same key; the customer is told the outcome.
export const POST = defineRoute(
  {
    permission: "refunds.reconcile",
    params: z.object({ actionId: z.string().min(1).max(100) }),
    body: settleReconciliationSchema,
  },
  ({ params, body, session, context }) =>
    settleReconciliation({ actionId: params.actionId, staff: session.user, ...body }, context),
);
