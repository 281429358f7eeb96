import { z } from "zod";
import { defineRoute } from "@/lib/server/http/route";
import { lookUpReconciliation } from "@/lib/server/services/reconciliations/look-up-reconciliation";

// Asks the payment provider what it holds under the refund's idempotency key; changes nothing.
export const POST = defineRoute(
  { permission: "refunds.reconcile", params: z.object({ actionId: z.string().min(1).max(100) }) },
  ({ params, context }) => lookUpReconciliation({ actionId: params.actionId }, context),
);
