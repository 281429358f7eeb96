import { z } from "zod";
import { defineRoute } from "@/lib/server/http/route";
import { resumeSla } from "@/lib/server/services/conversations/pause-sla";

export const POST = defineRoute(
  {
    permission: "tickets.reply",
    params: z.object({ conversationId: z.string().min(1).max(100) }),
  },
  ({ params, session, context }) =>
    resumeSla({ conversationId: params.conversationId, staff: session.user }, context),
);
