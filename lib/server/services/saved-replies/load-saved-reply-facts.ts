import "server-only";
import { renderingLanguage } from "@/lib/domain/languages";
import type { PendingActionStatus } from "@/lib/domain/pending-action-status";
import type { SavedReplyFacts } from "@/lib/domain/saved-reply-render";
import type { Prisma } from "@/lib/generated/prisma/client";

/** A quote is open while it waits for the customer's yes or for an approver. */
const OPEN_QUOTE_STATUSES: PendingActionStatus[] = ["awaiting_confirmation", "awaiting_approval"];

/** What a saved reply may say about this ticket, read from its records. */
export async function loadSavedReplyFacts(
  tx: Prisma.TransactionClient,
  input: { conversationId: string; staffUserId: string },
): Promise<SavedReplyFacts & { workspaceId: string }> {
  const conversation = await tx.conversation.findUniqueOrThrow({
    where: { id: input.conversationId },
    select: {
      language: true,
      languageSource: true,
      customer: { select: { name: true, workspaceId: true } },
      order: { select: { number: true } },
      pendingActions: {
        where: { status: { in: OPEN_QUOTE_STATUSES } },
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        take: 1,
        select: { netRefundCents: true, currency: true },
      },
    },
  });
  const staff = await tx.staffUser.findUniqueOrThrow({
    where: { id: input.staffUserId },
    select: { name: true },
  });
  const quote = conversation.pendingActions[0];
  return {
    workspaceId: conversation.customer.workspaceId,
    language: renderingLanguage({
      code: conversation.language,
      source: conversation.languageSource,
    }),
    customerName: conversation.customer.name,
    orderNumber: conversation.order?.number ?? null,
    openQuote: quote ? { amountCents: quote.netRefundCents, currency: quote.currency } : null,
    agentName: staff.name,
  };
}
