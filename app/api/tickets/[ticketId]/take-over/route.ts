import { z } from "zod";
import { defineRoute } from "@/lib/server/http/route";
import { takeOverTicket } from "@/lib/server/services/runs/take-over-ticket";

export const POST = defineRoute(
  { permission: "tickets.reply", params: z.object({ ticketId: z.string().min(1).max(100) }) },
  ({ params, session }) => takeOverTicket({ conversationId: params.ticketId, staff: session.user }),
);
