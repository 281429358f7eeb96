import { z } from "zod";
import { defineRoute } from "@/lib/server/http/route";
import { getConversationThread } from "@/lib/server/services/conversations/get-conversation-thread";

export const dynamic = "force-dynamic";

// The same snapshot the ticket page renders, for the live-update hook to refetch on events.
export const GET = defineRoute(
  { permission: "tickets.read", params: z.object({ conversationId: z.string().min(1).max(100) }) },
  ({ params, session, context }) =>
    getConversationThread(
      { conversationId: params.conversationId, staffUserId: session.user.id },
      context,
    ),
);
