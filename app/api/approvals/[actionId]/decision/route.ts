import { z } from "zod";
import { defineRoute } from "@/lib/server/http/route";
import {
  decidePendingApproval,
  decisionSchema,
} from "@/lib/server/services/approvals/decide-pending-approval";

// A second decision on the same action answers 409 ALREADY_DECIDED with `decidedBy` in the body.
export const POST = defineRoute(
  {
    permission: "approvals.decide",
    params: z.object({ actionId: z.string().min(1).max(100) }),
    body: decisionSchema,
    maxBodyBytes: 8 * 1024,
  },
  async ({ params, body, session }) => {
    const { result } = await decidePendingApproval({
      ...body,
      actionId: params.actionId,
      deciderId: session.user.id,
    });
    return result;
  },
);
