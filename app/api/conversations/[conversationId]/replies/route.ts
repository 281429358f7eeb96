import { z } from "zod";
import { defineRoute } from "@/lib/server/http/route";
import {
  replyToCustomer,
  replyToCustomerSchema,
} from "@/lib/server/services/conversations/reply-to-customer";

// A person's reply to the customer, on the ticket's channel. 201 with the stored message id.
export const POST = defineRoute(
  {
    permission: "tickets.reply",
    params: z.object({ conversationId: z.string().min(1).max(100) }),
    body: replyToCustomerSchema,
  },
  async ({ params, body, session, context }) =>
    Response.json(
      await replyToCustomer(
        { conversationId: params.conversationId, staffUserId: session.user.id, text: body.text },
        context,
      ),
      { status: 201 },
    ),
);
