import "server-only";
import { lockPendingAction } from "@/lib/server/repositories/pending-action-repository";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import { inActionTransaction } from "./action-transaction";
import { expireIfLapsed } from "./customer-action-access";
import { presentQuote } from "./present-quote";

/**
 * After a "yes" that bound to nothing, the customer sees the quote that is actually open, so
 * their next answer can bind to it. A quote past its hold is expired instead of shown.
 */
export async function presentCurrentQuoteAgain(
  { conversationId }: { conversationId: string },
  context: Pick<UseCaseContext, "db" | "now">,
): Promise<{ messageId: string } | null> {
  const now = context.now();
  return inActionTransaction(context.db, async (tx, changes) => {
    const open = await tx.pendingAction.findFirst({
      where: { conversationId, status: "awaiting_confirmation" },
      orderBy: { createdAt: "desc" },
      select: { id: true },
    });
    const action = open && (await lockPendingAction(tx, open.id));
    if (action?.status !== "awaiting_confirmation") return null;
    if (await expireIfLapsed(tx, changes, action, now)) return null;
    return presentQuote(tx, changes, action, { now, runId: null, again: true });
  });
}
