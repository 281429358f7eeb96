import { z } from "zod";
import { defineRoute } from "@/lib/server/http/route";
import { pauseSla, pauseSlaSchema } from "@/lib/server/services/conversations/pause-sla";

export const POST = defineRoute(
  {
    permission: "tickets.reply",
    params: z.object({ conversationId: z.string().min(1).max(100) }),
    body: pauseSlaSchema,
  },
  ({ params, body, session, context }) =>
    pauseSla(
      { conversationId: params.conversationId, staff: session.user, reason: body.reason },
      context,
    ),
);
