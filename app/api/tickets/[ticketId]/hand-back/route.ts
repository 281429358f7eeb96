import { z } from "zod";
import { defineRoute } from "@/lib/server/http/route";
import { handBackTicket } from "@/lib/server/services/runs/hand-back-ticket";

export const POST = defineRoute(
  { permission: "tickets.reply", params: z.object({ ticketId: z.string().min(1).max(100) }) },
  async ({ params, session }) => {
    const { runId } = await handBackTicket({
      conversationId: params.ticketId,
      staff: session.user,
    });
    return { runId };
  },
);
