import { z } from "zod";
import type { OutboxEmail, Prisma } from "@/lib/generated/prisma/client";
import { threadHeadersFor } from "./thread-headers";

/*
 * Writes the email into the outbox inside the caller's transaction, so it exists if and only if
 * the change that caused it committed. The idempotency key is unique: enqueueing the same key
 * again returns the row that is already there. Threading headers are fixed here, once, so every
 * attempt to send the row carries the same ones.
 */

export const enqueueEmailInputSchema = z.object({
  idempotencyKey: z.string().min(1),
  to: z.email(),
  subject: z.string().min(1).max(300),
  bodyText: z.string().min(1),
  conversationId: z.string().min(1).optional(),
});

export type EnqueueEmailInput = z.input<typeof enqueueEmailInputSchema>;

export async function enqueueEmail(
  tx: Prisma.TransactionClient,
  input: EnqueueEmailInput,
): Promise<{ email: OutboxEmail; created: boolean }> {
  const data = enqueueEmailInputSchema.parse(input);
  const thread = data.conversationId
    ? await threadHeadersFor(tx, data.conversationId)
    : { inReplyTo: null, references: [] };
  const { count } = await tx.outboxEmail.createMany({
    data: [
      {
        idempotencyKey: data.idempotencyKey,
        toAddress: data.to,
        subject: data.subject,
        bodyText: data.bodyText,
        conversationId: data.conversationId ?? null,
        inReplyTo: thread.inReplyTo,
        threadReferences: thread.references,
      },
    ],
    skipDuplicates: true,
  });
  const email = await tx.outboxEmail.findUniqueOrThrow({
    where: { idempotencyKey: data.idempotencyKey },
  });
  return { email, created: count === 1 };
}
