import { z } from "zod";
import { defineRoute } from "@/lib/server/http/route";
import { assignTicket, assignTicketSchema } from "@/lib/server/services/tickets/assign-ticket";

export const POST = defineRoute(
  {
    permission: "tickets.reply",
    params: z.object({ ticketId: z.string().min(1).max(100) }),
    body: assignTicketSchema,
  },
  ({ params, body, session }) =>
    assignTicket({
      conversationId: params.ticketId,
      staff: session.user,
      assigneeId: body.assigneeId,
    }),
);
