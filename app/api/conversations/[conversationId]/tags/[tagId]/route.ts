import { z } from "zod";
import { defineRoute } from "@/lib/server/http/route";
import { untagConversation } from "@/lib/server/services/tags/tag-conversation";

export const DELETE = defineRoute(
  {
    permission: "tickets.reply",
    params: z.object({
      conversationId: z.string().min(1).max(100),
      tagId: z.string().min(1).max(100),
    }),
  },
  ({ params, session, context }) =>
    untagConversation(
      { conversationId: params.conversationId, staff: session.user, tagId: params.tagId },
      context,
    ),
);
