import { z } from "zod";
import { defineRoute } from "@/lib/server/http/route";
import {
  setTicketStatus,
  setTicketStatusSchema,
} from "@/lib/server/services/tickets/set-ticket-status";

export const POST = defineRoute(
  {
    permission: "tickets.reply",
    params: z.object({ ticketId: z.string().min(1).max(100) }),
    body: setTicketStatusSchema,
  },
  ({ params, body, session }) =>
    setTicketStatus({ conversationId: params.ticketId, staff: session.user, status: body.status }),
);
