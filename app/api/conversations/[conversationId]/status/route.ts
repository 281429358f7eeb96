import { z } from "zod";
import { defineRoute } from "@/lib/server/http/route";
import {
  setWorkflowStatus,
  setWorkflowStatusSchema,
} from "@/lib/server/services/conversations/set-workflow-status";

export const POST = defineRoute(
  {
    permission: "tickets.reply",
    params: z.object({ conversationId: z.string().min(1).max(100) }),
    body: setWorkflowStatusSchema,
  },
  ({ params, body, session, context }) =>
    setWorkflowStatus(
      { conversationId: params.conversationId, staff: session.user, status: body.status },
      context,
    ),
);
