import { z } from "zod";
import { defineRoute } from "@/lib/server/http/route";
import { replyAsCustomer } from "@/lib/server/services/tickets/reply-as-customer";

const bodySchema = z.object({
  text: z.string().trim().min(1).max(8000),
  dedupeKey: z.string().min(1).max(300).optional(),
});

// "Reply as the customer" from the ticket page. 202: stored; the agent's run goes on in the background.
export const POST = defineRoute(
  {
    permission: "tickets.reply",
    params: z.object({ conversationId: z.string().min(1).max(100) }),
    body: bodySchema,
    maxBodyBytes: 16 * 1024,
  },
  async ({ params, body }) =>
    Response.json(await replyAsCustomer({ conversationId: params.conversationId, ...body }), {
      status: 202,
    }),
);
