import { z } from "zod";
import { defineRoute } from "@/lib/server/http/route";
import {
  createSavedReply,
  createSavedReplySchema,
} from "@/lib/server/services/saved-replies/create-saved-reply";
import { listSavedReplies } from "@/lib/server/services/saved-replies/list-saved-replies";

export const GET = defineRoute(
  {
    permission: "tickets.reply",
    query: z.object({ conversationId: z.string().min(1).max(100).optional() }),
  },
  ({ query, session, context }) =>
    listSavedReplies({ viewer: session.user, conversationId: query.conversationId }, context),
);

export const POST = defineRoute(
  { permission: "tickets.reply", body: createSavedReplySchema, maxBodyBytes: 32 * 1024 },
  ({ body, session, context }) => createSavedReply({ viewer: session.user, ...body }, context),
);
