import "server-only";
import { renderingLanguage } from "@/lib/domain/languages";
import type { PendingActionState } from "@/lib/domain/pending-action";
import { describeOutdatedQuote } from "@/lib/domain/quote-presentation";
import { checkOrderPin, revalidateForConfirmation } from "@/lib/domain/revalidate";
import {
  describeRevalidationReason,
  outdatedQuoteRequotedNotice,
} from "@/lib/domain/revalidate-notices";
import type { Prisma } from "@/lib/generated/prisma/client";
import { policyOfQuote } from "@/lib/server/policies/policy-versions";
import { createMessage } from "@/lib/server/repositories/message-repository";
import { loadOrderFacts, lockOrderRefunds } from "@/lib/server/repositories/order-facts-repository";
import { customerMessageSentEvent } from "@/lib/server/services/conversations/customer-message-audit-events";
import { type ActionChanges, commitTransition } from "./action-transaction";
import { pinAgainst } from "./order-pin";
import { pendingActionIdFor } from "./propose-refund";
import { openRequote, planRequote } from "./requote";

/**
 * Before a "yes" is stored: is the quote still true of the order? A line refunded since, or taken
 * by another refund already agreed in any conversation (an email request awaiting its approver),
 * makes it untrue, and so does any change to the order it was pinned to (order-pin.ts: the
 * cached facts, which the store's webhooks keep current; no store call on this path). Such a
 * quote is closed here (`outdated`, audited) and the customer is told why in a code-built
 * message, in the caller's transaction. When the order changed and the same ask still qualifies
 * on it, a new quote is opened in the same transaction and shown right after, for a fresh "yes";
 * otherwise the chat offers a fresh quote. Returns the closed action, or null when the quote holds.
 */
export async function outdateUntrueQuote(
  tx: Prisma.TransactionClient,
  changes: ActionChanges,
  action: PendingActionState,
  now: Date,
): Promise<PendingActionState | null> {
  if (action.status !== "awaiting_confirmation") return null;
  // Serialises with recording and claiming refunds of this order, so the facts cannot move
  // between the check and the confirmation.
  await lockOrderRefunds(tx, action.quote.orderId);
  // One after the other: a transaction is one connection, which runs one query at a time.
  const refunded = await loadOrderFacts(tx, action.quote.orderId);
  const claimed = await loadOrderFacts(tx, action.quote.orderId, {
    inFlight: { excludeActionId: action.id, fromConfirmation: true },
  });
  if (!refunded || !claimed) return null;
  // `refunded` is the order as the store and the ledger say: what the quote was pinned to.
  const orderPin = await pinAgainst(tx, action.id, refunded);
  const policy = await policyOfQuote(tx, action.quote);
  const check = revalidateForConfirmation({ action, refunded, claimed, policy, orderPin });
  if (check.ok) return null;

  const reasons = check.reasons.map((reason) => reason.message);
  const outdated = await commitTransition(
    tx,
    changes,
    action,
    { type: "outdated", reasons },
    { now, actor: { type: "system" } },
  );
  const plan = checkOrderPin(action.quote.orderNumber, orderPin)
    ? await planRequote(tx, outdated, { now })
    : null;
  const conversation = await tx.conversation.update({
    where: { id: action.conversationId },
    data: { lastMessageAt: now },
    select: { language: true },
  });
  const language = renderingLanguage({ code: conversation.language, source: null });
  // Written by code like the quote message itself, so the chat shows it as the agent's reply.
  const said = check.reasons.map((reason) => describeRevalidationReason(reason, language));
  const body =
    plan?.kind === "requote"
      ? outdatedQuoteRequotedNotice(action.quote, said, language)
      : describeOutdatedQuote(action.quote, said, language);
  const message = await createMessage(
    tx,
    { conversationId: action.conversationId, authorKind: "agent", visibility: "customer", body },
    changes.realtime,
  );
  changes.audit.push(
    customerMessageSentEvent({
      actor: { type: "system" },
      occurredAt: now,
      conversationId: action.conversationId,
      channel: action.channel,
      messageId: message.id,
      outboxEmailId: null,
      body,
    }),
  );
  if (plan?.kind === "requote") {
    await openRequote(tx, changes, outdated, plan.decision, {
      id: pendingActionIdFor(),
      now,
    });
  }
  return outdated;
}
