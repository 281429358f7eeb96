import "server-only";
import { z } from "zod";
import { nextStepForFailedRefund } from "@/lib/domain/failed-refund-next-step";
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

export type QueueAction = QueueActionRow & { nextStep: string | null };

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
  return rows.map((row) => ({
    ...row,
    nextStep: row.status === "failed" ? nextStepForFailedRefund(row.failureReason) : null,
  }));
}
