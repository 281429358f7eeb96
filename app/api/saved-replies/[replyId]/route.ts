import { z } from "zod";
import { defineRoute } from "@/lib/server/http/route";
import {
  updateSavedReply,
  updateSavedReplySchema,
} from "@/lib/server/services/saved-replies/update-saved-reply";

export const PUT = defineRoute(
  {
    permission: "tickets.reply",
    params: z.object({ replyId: z.string().min(1).max(100) }),
    body: updateSavedReplySchema,
    maxBodyBytes: 32 * 1024,
  },
  ({ params, body, session, context }) =>
    updateSavedReply({ replyId: params.replyId, viewer: session.user, ...body }, context),
);
