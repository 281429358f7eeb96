import "server-only";
import { staffOnBehalfOf } from "@/lib/domain/actor";
import { roleSchema } from "@/lib/domain/authz";
import { createMessage } from "@/lib/server/repositories/message-repository";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import {
  applyCustomerIntent,
  classifyCustomerMessage,
  intentOutcomeMessage,
} from "./apply-customer-intent";

/*
 * A customer message is stored with its run first and its intent applied after (a "yes" may pay,
 * which cannot happen inside the storing transaction). When the request dies between the two,
 * the message is stored but its "yes" moved nothing. Whoever takes over the reserved run finishes
 * it here, before the agent answers: the message is classified again against the action as it is
 * now, so an intent the dead request did apply finds its action already moved and moves nothing
 * twice; the action services lock and check the row whatever this reads. A "yes" still binds to
 * the quote on screen when it was sent: one the agent presented since is not what it agreed to.
 */
export async function finishInterruptedMessage(
  { messageId }: { messageId: string },
  context: Pick<UseCaseContext, "db" | "now" | "payments" | "faultPoint" | "commerce">,
): Promise<void> {
  const { db } = context;
  const message = await db.message.findUnique({
    where: { id: messageId },
    include: {
      conversation: { select: { customerId: true } },
      staffUser: { select: { id: true, role: true } },
    },
  });
  if (message?.authorKind !== "customer") return;
  const finished = await db.message.findFirst({
    where: { conversationId: message.conversationId, dedupeKey: `intent-outcome:${message.id}` },
    select: { id: true },
  });
  if (finished) return;

  const classified = await classifyCustomerMessage(
    db,
    message.conversationId,
    message.body,
    message.createdAt,
  );
  const customerId = message.conversation.customerId;
  const outcome = await applyCustomerIntent(
    {
      classified,
      conversationId: message.conversationId,
      customerId,
      messageId: message.id,
      sessionId: message.sessionId,
      ...(message.staffUser && {
        actor: staffOnBehalfOf(
          { userId: message.staffUser.id, roles: [roleSchema.parse(message.staffUser.role)] },
          customerId,
        ),
      }),
    },
    context,
  );
  const note = intentOutcomeMessage(outcome, {
    conversationId: message.conversationId,
    messageId: message.id,
  });
  // Another instance finishing the same message at once wrote it first.
  if (note) await createMessage(db, note, "silently");
}
