import { z } from "zod";
import { defineRoute } from "@/lib/server/http/route";
import { archiveSavedReply } from "@/lib/server/services/saved-replies/archive-saved-reply";

export const POST = defineRoute(
  { permission: "tickets.reply", params: z.object({ replyId: z.string().min(1).max(100) }) },
  ({ params, session, context }) =>
    archiveSavedReply({ replyId: params.replyId, viewer: session.user }, context),
);
