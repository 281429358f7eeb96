import "server-only";
import { z } from "zod";
import { nextStepForFailedRefund } from "@/lib/domain/failed-refund-next-step";
import { hasFailed, type RefundState } from "@/lib/domain/refund-state";
import {
  approvalWhere,
  countWorkQueues,
  failedRefundWhere,
  listQueueActions,
  listQueueConversations,
  listQueueDisputes,
  openDisputeWhere,
  type QueueActionRow,
  type QueueConversationRow,
  type QueueDisputeRow,
  reconciliationWhere,
} from "@/lib/server/services/queues/work-queue-queries";
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

export async function countWorkQueueItems(
  _input: Record<string, never>,
  context: Pick<UseCaseContext, "db">,
): Promise<WorkQueueCounts> {
  const counts = await countWorkQueues(context.db);
  return {
    needs_person: counts.needsPerson,
    needs_approval: counts.needsApproval,
    disputes: counts.disputes,
    failed_refunds: counts.failedRefunds,
    needs_reconciliation: counts.needsReconciliation,
  };
}

/** One queue's items, oldest first: what has waited longest is at the top. */
export async function listWorkQueue(
  input: { queue: WorkQueue },
  context: Pick<UseCaseContext, "db">,
): Promise<WorkQueuePage> {
  const { queue } = input;
  const { db } = context;
  switch (queue) {
    case "needs_person":
      return { queue, conversations: await listQueueConversations(db, QUEUE_LIMIT) };
    case "disputes":
      return { queue, disputes: await listQueueDisputes(db, openDisputeWhere, QUEUE_LIMIT) };
    case "needs_approval":
      return {
        queue,
        actions: withNextStep(await listQueueActions(db, approvalWhere, QUEUE_LIMIT)),
      };
    case "failed_refunds":
      return {
        queue,
        actions: withNextStep(await listQueueActions(db, failedRefundWhere, QUEUE_LIMIT)),
      };
    case "needs_reconciliation":
      return {
        queue,
        actions: withNextStep(await listQueueActions(db, reconciliationWhere, QUEUE_LIMIT)),
      };
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
