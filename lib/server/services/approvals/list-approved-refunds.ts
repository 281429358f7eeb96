import "server-only";
import { formatMoney } from "@/lib/domain/money";
import { quoteSchema } from "@/lib/domain/quote";
import type { RefundState } from "@/lib/domain/refund-state";
import {
  viewerWorkspaceIds,
  type WorkspaceViewer,
} from "@/lib/server/services/workspaces/staff-workspaces";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import { findApprovedRefunds } from "./approval-queue-queries";

/*
 * What became of the refunds approvers signed off lately: approval made the provider accept the
 * refund, and its own state says whether the money reached the customer, which can change days
 * later (a lost card fails a paid refund).
 */

export type ApprovedRefund = {
  actionId: string;
  conversationId: string;
  /** What was refunded, in words: the amount and the items. */
  title: string;
  approvedBy: string;
  approvedAt: string;
  refund: { state: RefundState; reason: string | null; provider: string; paidAt: string | null };
};

const RECENT_DAYS = 7;
const LIMIT = 20;

/** The viewer's workspaces' refunds approved lately. */
export async function listApprovedRefunds(
  input: WorkspaceViewer,
  context: Pick<UseCaseContext, "db" | "now">,
): Promise<ApprovedRefund[]> {
  const now = context.now();
  const since = new Date(now.getTime() - RECENT_DAYS * 24 * 60 * 60 * 1000);
  const workspaceIds = await viewerWorkspaceIds(context.db, input);
  const rows = await findApprovedRefunds(context.db, { since, limit: LIMIT, workspaceIds });
  return rows.flatMap((row): ApprovedRefund[] => {
    const { refund } = row.pendingAction;
    if (!refund) return [];
    const quote = quoteSchema.parse(row.pendingAction.quote);
    return [
      {
        actionId: row.pendingAction.id,
        conversationId: row.pendingAction.conversationId,
        title: `${formatMoney(refund.amountCents, refund.currency)} to ${refund.target} — ${quote.lines.map((line) => line.name).join(", ")}`,
        approvedBy: row.decider.name,
        approvedAt: row.createdAt.toISOString(),
        refund: {
          state: refund.status,
          reason: refund.statusReason,
          provider: refund.provider,
          paidAt: refund.paidAt?.toISOString() ?? null,
        },
      },
    ];
  });
}
