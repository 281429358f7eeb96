import { z } from "zod";
import { defineRoute } from "@/lib/server/http/route";
import { takeOverConversation } from "@/lib/server/services/runs/take-over-conversation";

export const POST = defineRoute(
  { permission: "tickets.reply", params: z.object({ conversationId: z.string().min(1).max(100) }) },
  ({ params, session, context }) =>
    takeOverConversation({ conversationId: params.conversationId, staff: session.user }, context),
);
