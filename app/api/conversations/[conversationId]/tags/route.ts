import { z } from "zod";
import { defineRoute } from "@/lib/server/http/route";
import { listConversationTags } from "@/lib/server/services/tags/list-conversation-tags";
import { addTagSchema, tagConversation } from "@/lib/server/services/tags/tag-conversation";

const params = z.object({ conversationId: z.string().min(1).max(100) });

export const GET = defineRoute(
  { permission: "tickets.read", params },
  ({ params, session, context }) =>
    listConversationTags(
      { conversationId: params.conversationId, staffUserId: session.user.id },
      context,
    ),
);

export const POST = defineRoute(
  { permission: "tickets.reply", params, body: addTagSchema },
  ({ params, body, session, context }) =>
    tagConversation(
      {
        conversationId: params.conversationId,
        staff: session.user,
        name: body.name,
        color: body.color,
      },
      context,
    ),
);
