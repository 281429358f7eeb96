import { z } from "zod";
import { defineRoute } from "@/lib/server/http/route";
import { getTicketThread } from "@/lib/server/services/tickets/get-ticket-thread";

export const dynamic = "force-dynamic";

// The same snapshot the ticket page renders, for the live-update hook to refetch on events.
export const GET = defineRoute(
  { permission: "tickets.read", params: z.object({ ticketId: z.string().min(1).max(100) }) },
  ({ params }) => getTicketThread(params.ticketId),
);
