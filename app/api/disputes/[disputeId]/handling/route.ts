import { z } from "zod";
import { defineRoute } from "@/lib/server/http/route";
import { handleDispute, handleDisputeSchema } from "@/lib/server/services/disputes/handle-dispute";

// The billing team acknowledges or resolves a dispute.
export const POST = defineRoute(
  {
    permission: "disputes.resolve",
    params: z.object({ disputeId: z.string().min(1).max(100) }),
    body: handleDisputeSchema,
  },
  ({ params, body, session, context }) =>
    handleDispute({ disputeId: params.disputeId, staff: session.user, ...body }, context),
);
