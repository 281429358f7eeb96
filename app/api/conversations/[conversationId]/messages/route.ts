import { z } from "zod";
import { MAX_MESSAGE_CHARS } from "@/lib/domain/message-limits";
import { getServerEnv } from "@/lib/server/env";
import { defineRoute } from "@/lib/server/http/route";
import { replyAsCustomer } from "@/lib/server/services/intake/reply-as-customer";

const bodySchema = z.object({
  text: z.string().trim().min(1).max(MAX_MESSAGE_CHARS),
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
  async ({ params, body, session, context }) =>
    Response.json(
      await replyAsCustomer(
        {
          conversationId: params.conversationId,
          ...body,
          staff: { userId: session.user.id, roles: [session.user.role] },
          demoMode: getServerEnv().DEMO_MODE,
        },
        context,
      ),
      { status: 202 },
    ),
);
