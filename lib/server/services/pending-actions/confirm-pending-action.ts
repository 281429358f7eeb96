import "server-only";
import { z } from "zod";
import type { PendingActionState, PresentedQuoteRef } from "@/lib/domain/pending-action";
import { isChatSessionIdle } from "@/lib/domain/settings";
import { AppError } from "@/lib/errors/app-error";
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import { getSettings } from "@/lib/server/settings/get-settings";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import { commitTransition, inActionTransaction } from "./action-transaction";
import {
  answeringActor,
  customerActionInputSchema,
  expireIfLapsed,
  lockCustomerAction,
} from "./customer-action-access";
import { findLatestPresentation } from "./find-latest-presentation";
import { outdateUntrueQuote } from "./outdate-untrue-quote";
import { presentCurrentQuoteAgain } from "./present-current-quote";

/*
 * The customer's "yes" to one exact quote. It binds only to the quote most recently shown to
 * this customer in this conversation by the code-built quote message (its action id and hash),
 * still awaiting confirmation, inside its hold, from a live chat session that saw it. Anything
 * else is refused and the current quote is shown again. A confirmation that arrives after the
 * hold expires the action instead; one that reaches a quote the order no longer matches (a line
 * refunded or being refunded elsewhere) closes it as outdated and tells the customer why. Executing is the caller's next step when the result is
 * `approved` (executePendingAction); nothing moves money here.
 */

export const confirmPendingActionInputSchema = customerActionInputSchema.extend({
  quoteHash: z.string().min(1),
  sessionId: z.string().min(1),
  /** The customer's message that said yes, when it came as text rather than the button. */
  messageId: z.string().min(1).optional(),
  /** For a typed yes: the quote message that was newest when that message was stored. */
  seenPresentationId: z.string().min(1).nullable().optional(),
});

export type ConfirmPendingActionInput = z.input<typeof confirmPendingActionInputSchema>;

export type ConfirmPendingActionResult = {
  /** `approved` (execute next), `awaiting_approval` (queued for staff) or `expired` (lapsed or outdated). */
  status: PendingActionState["status"];
  action: PendingActionState;
};

type ConfirmRequest = z.output<typeof confirmPendingActionInputSchema>;

export async function confirmPendingAction(
  input: ConfirmPendingActionInput,
  context: Pick<UseCaseContext, "db" | "now">,
): Promise<ConfirmPendingActionResult> {
  const request = confirmPendingActionInputSchema.parse(input);
  const { db } = context;
  const now = context.now();
  const settings = await getSettings(db);
  await requireLiveSession(db, request, now, settings.chatIdleMinutes);
  try {
    const action = await inActionTransaction(db, async (tx, changes) => {
      const current = await lockCustomerAction(tx, request);
      const expired = await expireIfLapsed(tx, changes, current, now);
      if (expired) return expired;
      const outdated = await outdateUntrueQuote(tx, changes, current, now);
      if (outdated) return outdated;
      return commitTransition(
        tx,
        changes,
        current,
        {
          type: "customer_confirmed",
          quoteHash: request.quoteHash,
          conversationId: request.conversationId,
          customerId: request.customerId,
          presentation: await readPresentation(tx, request),
        },
        { now, actor: answeringActor(request) },
        {
          extra: { confirmedSessionId: request.sessionId, confirmedMessageId: request.messageId },
        },
      );
    });
    return { status: action.status, action };
  } catch (error) {
    if (isRefusal(error, "NOT_PRESENTED") || isRefusal(error, "QUOTE_HASH_MISMATCH")) {
      await presentCurrentQuoteAgain({ conversationId: request.conversationId }, context);
    }
    throw error;
  }
}

function isRefusal(error: unknown, reason: string): boolean {
  return error instanceof AppError && error.extensions?.reason === reason;
}

async function readPresentation(
  tx: Prisma.TransactionClient,
  request: ConfirmRequest,
): Promise<PresentedQuoteRef | null> {
  const latest = await findLatestPresentation(tx, request.conversationId);
  if (!latest) return null;
  const session = await tx.customerSession.findUniqueOrThrow({
    where: { id: request.sessionId },
    select: { createdAt: true },
  });
  return {
    actionId: latest.actionId,
    quoteHash: latest.quoteHash,
    shownInThisSession: latest.presentedAt.getTime() >= session.createdAt.getTime(),
    // A button press names the quote itself; a typed yes binds to what was on screen when sent.
    seenBeforeReply:
      request.seenPresentationId === undefined || request.seenPresentationId === latest.messageId,
  };
}

/**
 * Memory or an old tab grants nothing: only this customer's current, active session confirms.
 * A session found idle is ended for good here, before the refusal, so it stays ended.
 */
async function requireLiveSession(
  db: PrismaClient,
  request: ConfirmRequest,
  now: Date,
  chatIdleMinutes: number,
): Promise<void> {
  const session = await db.customerSession.findUnique({ where: { id: request.sessionId } });
  if (
    !session ||
    session.customerId !== request.customerId ||
    session.conversationId !== request.conversationId
  ) {
    throw new AppError("FORBIDDEN", "This confirmation is not bound to the customer's session", {
      extensions: { reason: "SESSION_MISMATCH" },
    });
  }
  const idle = isChatSessionIdle(session.lastSeenAt, now, { chatIdleMinutes });
  if (session.endedAt === null && !idle) return;
  if (session.endedAt === null) {
    await db.customerSession.updateMany({
      where: { id: session.id, endedAt: null },
      data: { endedAt: now },
    });
  }
  throw new AppError("CONFLICT", "The chat session has ended; ask for a fresh quote", {
    extensions: { reason: "SESSION_ENDED" },
  });
}
