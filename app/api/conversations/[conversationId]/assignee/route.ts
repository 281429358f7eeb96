import { z } from "zod";
import { defineRoute } from "@/lib/server/http/route";
import {
  assignConversation,
  assignConversationSchema,
} from "@/lib/server/services/conversations/assign-conversation";

export const POST = defineRoute(
  {
    permission: "tickets.reply",
    params: z.object({ conversationId: z.string().min(1).max(100) }),
    body: assignConversationSchema,
  },
  ({ params, body, session, context }) =>
    assignConversation(
      { conversationId: params.conversationId, staff: session.user, assigneeId: body.assigneeId },
      context,
    ),
);
