import "server-only";
import { z } from "zod";
import { nextStepForFailedRefund } from "@/lib/domain/failed-refund-next-step";
import { hasFailed, type RefundState } from "@/lib/domain/refund-state";
import type { Prisma } from "@/lib/generated/prisma/client";
import {
  approvalWhere,
  countWorkQueues,
  failedRefundWhere,
  inWorkspaces,
  listQueueActions,
  listQueueConversations,
  listQueueDisputes,
  openDisputeWhere,
  type QueueActionRow,
  type QueueConversationRow,
  type QueueDisputeRow,
  reconciliationWhere,
} from "@/lib/server/services/queues/work-queue-queries";
import {
  viewerWorkspaceIds,
  type WorkspaceViewer,
} from "@/lib/server/services/workspaces/staff-workspaces";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import { nextStepForProviderFailure } from "./provider-failure-next-step";

export const WORK_QUEUES = [
  "needs_person",
  "needs_approval",
  "disputes",
  "failed_refunds",
  "needs_reconciliation",
] as const;
export const workQueueSchema = z.enum(WORK_QUEUES);
export type WorkQueue = z.infer<typeof workQueueSchema>;

export type WorkQueueCounts = Record<WorkQueue, number>;

const QUEUE_LIMIT = 100;

export type QueueAction = Omit<QueueActionRow, "refund"> & {
  /** The provider's word on a refund it accepted; a failed or canceled one is why it is here. */
  refund: QueueRefund | null;
  nextStep: string | null;
};

export type QueueRefund = {
  state: RefundState;
  reason: string | null;
  provider: string;
  paidAt: string | null;
};

export type WorkQueuePage =
  | { queue: "needs_person"; conversations: QueueConversationRow[] }
  | { queue: "disputes"; disputes: QueueDisputeRow[] }
  | { queue: Exclude<WorkQueue, "disputes" | "needs_person">; actions: QueueAction[] };

/** How many items wait in each queue, on the viewer's workspaces' customers. */
export async function countWorkQueueItems(
  input: WorkspaceViewer,
  context: Pick<UseCaseContext, "db">,
): Promise<WorkQueueCounts> {
  const counts = await countWorkQueues(context.db, await viewerWorkspaceIds(context.db, input));
  return {
    needs_person: counts.needsPerson,
    needs_approval: counts.needsApproval,
    disputes: counts.disputes,
    failed_refunds: counts.failedRefunds,
    needs_reconciliation: counts.needsReconciliation,
  };
}

/** One queue's items on the viewer's workspaces, oldest first: the longest wait is at the top. */
export async function listWorkQueue(
  input: { queue: WorkQueue } & WorkspaceViewer,
  context: Pick<UseCaseContext, "db">,
): Promise<WorkQueuePage> {
  const { queue } = input;
  const { db } = context;
  const workspaceIds = await viewerWorkspaceIds(db, input);
  const scoped = inWorkspaces(workspaceIds);
  const actions = async (where: Prisma.PendingActionWhereInput) =>
    withNextStep(await listQueueActions(db, { ...where, ...scoped }, QUEUE_LIMIT));
  switch (queue) {
    case "needs_person":
      return { queue, conversations: await listQueueConversations(db, workspaceIds, QUEUE_LIMIT) };
    case "disputes":
      return {
        queue,
        disputes: await listQueueDisputes(db, { ...openDisputeWhere, ...scoped }, QUEUE_LIMIT),
      };
    case "needs_approval":
      return { queue, actions: await actions(approvalWhere) };
    case "failed_refunds":
      return { queue, actions: await actions(failedRefundWhere) };
    case "needs_reconciliation":
      return { queue, actions: await actions(reconciliationWhere) };
  }
}

function withNextStep(rows: QueueActionRow[]): QueueAction[] {
  return rows.map(({ refund: row, ...action }) => {
    const refund = row && {
      state: row.status,
      reason: row.statusReason,
      provider: row.provider,
      paidAt: row.paidAt?.toISOString() ?? null,
    };
    const nextStep =
      refund && hasFailed(refund.state)
        ? nextStepForProviderFailure(refund)
        : action.status === "failed"
          ? nextStepForFailedRefund(action.failureReason)
          : null;
    return { ...action, refund, nextStep };
  });
}
