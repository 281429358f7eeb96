import { z } from "zod";
import { defineRoute } from "@/lib/server/http/route";
import { handBackConversation } from "@/lib/server/services/runs/hand-back-conversation";

export const POST = defineRoute(
  { permission: "tickets.reply", params: z.object({ conversationId: z.string().min(1).max(100) }) },
  async ({ params, session, context }) => {
    const { runId } = await handBackConversation(
      { conversationId: params.conversationId, staff: session.user },
      context,
    );
    return { runId };
  },
);
