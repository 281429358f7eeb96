import { z } from "zod";
import { enqueueEmail } from "@/lib/integrations/email/enqueue-email";
import { publishRealtime } from "@/lib/server/realtime/publish";
import { defineTool, toolIdempotencyKey } from "./tool-types";

export const SUPPORT_SIGNATURE = "— Countersign Support";

export const sendCustomerMessageSchema = z.object({
  body: z
    .string()
    .min(1)
    .max(4000)
    .describe(
      "The reply to the customer, in Markdown. No signature: it is added automatically. Quote amounts only as the tools returned them.",
    ),
});

// There is no recipient argument on purpose: the only possible recipient is this conversation's
// verified customer, so a prompt injection cannot redirect a reply.
export const sendCustomerMessageTool = defineTool({
  name: "send_customer_message",
  description:
    "Send a reply to the customer of this conversation (chat message, or an email for email tickets). The signature is added by the system.",
  schema: sendCustomerMessageSchema,
  async execute(args, context) {
    const { conversation } = context;
    const dedupeKey = `tool:${toolIdempotencyKey(context)}`;
    const body = `${args.body.trim()}\n\n${SUPPORT_SIGNATURE}`;
    const message = await context.db.$transaction(async (tx) => {
      const { count } = await tx.message.createMany({
        data: [
          {
            conversationId: conversation.id,
            authorKind: "agent",
            visibility: "customer",
            body,
            runId: context.runId,
            dedupeKey,
          },
        ],
        skipDuplicates: true,
      });
      const row = await tx.message.findUniqueOrThrow({
        where: { conversationId_dedupeKey: { conversationId: conversation.id, dedupeKey } },
      });
      if (count === 0) return row;
      await tx.conversation.update({
        where: { id: conversation.id },
        data: { lastMessageAt: context.now },
      });
      if (conversation.channel === "email") {
        await enqueueEmail(tx, {
          idempotencyKey: `message:${row.id}`,
          to: conversation.customerEmail,
          subject: `Re: ${conversation.subject}`,
          bodyText: body,
          conversationId: conversation.id,
        });
      }
      await publishRealtime(tx, {
        topic: "message.created",
        conversationId: conversation.id,
        payload: { messageId: row.id, visibility: "customer" },
      });
      return row;
    });
    return { sent: true, messageId: message.id, channel: conversation.channel };
  },
});
