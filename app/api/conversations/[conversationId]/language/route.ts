import { z } from "zod";
import { defineRoute } from "@/lib/server/http/route";
import {
  setConversationLanguageByStaff,
  setConversationLanguageSchema,
} from "@/lib/server/services/conversations/conversation-language";

export const POST = defineRoute(
  {
    permission: "tickets.reply",
    params: z.object({ conversationId: z.string().min(1).max(100) }),
    body: setConversationLanguageSchema,
  },
  ({ params, body, session, context }) =>
    setConversationLanguageByStaff(
      { conversationId: params.conversationId, staff: session.user, language: body.language },
      context,
    ),
);
