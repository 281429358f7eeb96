import { z } from "zod";
import { MAX_MESSAGE_CHARS, MAX_NEW_EMAIL_REQUEST_BYTES } from "@/lib/domain/message-limits";
import { idempotencyKeyOf } from "@/lib/server/http/idempotency-key";
import { defineRoute } from "@/lib/server/http/route";
import { intakeKey } from "@/lib/server/services/intake/intake-receipt";
import { startEmailConversation } from "@/lib/server/services/intake/start-email-conversation";

const bodySchema = z.object({
  from: z.email("Enter the sender's email address, like maya@example.com.").max(320),
  subject: z
    .string()
    .trim()
    .min(1, "Enter a subject.")
    .max(300, "The subject may be at most 300 characters."),
  body: z
    .string()
    .trim()
    .min(1, "Enter the message.")
    .max(MAX_MESSAGE_CHARS, `The body may be at most ${MAX_MESSAGE_CHARS} characters.`),
});

/*
 * "New email" from the inbox: an inbound email typed by staff (for demos and for requests that
 * arrive outside the mailbox). It takes the same path as a delivered email. Answers 202 once
 * stored; the agent's run goes on in the background. With an Idempotency-Key, a repeat by the
 * same staff member answers 200 with the first request's ids and stores nothing.
 */
export const POST = defineRoute(
  { permission: "stories.start", body: bodySchema, maxBodyBytes: MAX_NEW_EMAIL_REQUEST_BYTES },
  async ({ req, body, session, context }) => {
    const key = idempotencyKeyOf(req.headers);
    const started = await startEmailConversation(
      {
        ...body,
        staffUserId: session.user.id,
        ...(key && { intake: intakeKey(`new-email:${session.user.id}`, key, body) }),
      },
      context,
    );
    return Response.json(
      { conversationId: started.conversationId, runId: started.runId },
      { status: started.duplicate ? 200 : 202 },
    );
  },
);
