import { z } from "zod";
import { defineRoute } from "@/lib/server/http/route";
import {
  renderSavedReplyForConversation,
  renderSavedReplySchema,
} from "@/lib/server/services/saved-replies/render-saved-reply";

// Answers the reply filled in from the ticket's records, or the variables it has no value for.
export const POST = defineRoute(
  {
    permission: "tickets.reply",
    params: z.object({ replyId: z.string().min(1).max(100) }),
    body: renderSavedReplySchema,
  },
  ({ params, body, session, context }) =>
    renderSavedReplyForConversation(
      { replyId: params.replyId, conversationId: body.conversationId, viewer: session.user },
      context,
    ),
);
