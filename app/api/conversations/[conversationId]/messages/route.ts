import { z } from "zod";
import { defineRoute } from "@/lib/server/http/route";
import { postCustomerMessage } from "@/lib/server/services/conversations/post-customer-message";

const bodySchema = z.object({
  text: z.string().trim().min(1).max(8000),
  dedupeKey: z.string().min(1).max(300).optional(),
});

/*
 * "Reply as the customer" from the ticket page: the message goes through exactly the path a
 * real customer message takes (stored, classified, then a queued agent run). Answers 202 once
 * stored; the run advances in the background.
 */
export const POST = defineRoute(
  {
    permission: "tickets.reply",
    params: z.object({ conversationId: z.string().min(1).max(100) }),
    body: bodySchema,
    maxBodyBytes: 16 * 1024,
  },
  async ({ params, body }) => {
    const posted = await postCustomerMessage({ conversationId: params.conversationId, ...body });
    return Response.json(
      { messageId: posted.messageId, duplicate: posted.duplicate, runId: posted.runId },
      { status: 202 },
    );
  },
);
