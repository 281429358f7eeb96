import "server-only";
import { z } from "zod";
import { nextStepForFailedRefund } from "@/lib/domain/failed-refund-next-step";
import type { PrismaClient } from "@/lib/generated/prisma/client";
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

export async function countWorkQueueItems(db?: PrismaClient): Promise<WorkQueueCounts> {
  const counts = await countWorkQueues(db);
  return {
    needs_person: counts.needsPerson,
    needs_approval: counts.needsApproval,
    disputes: counts.disputes,
    failed_refunds: counts.failedRefunds,
    needs_reconciliation: counts.needsReconciliation,
  };
}

/** One queue's items, oldest first: what has waited longest is at the top. */
export async function listWorkQueue(queue: WorkQueue, db?: PrismaClient): Promise<WorkQueuePage> {
  switch (queue) {
    case "needs_person":
      return { queue, conversations: await listQueueConversations(QUEUE_LIMIT, db) };
    case "disputes":
      return { queue, disputes: await listQueueDisputes(openDisputeWhere, QUEUE_LIMIT, db) };
    case "needs_approval":
      return {
        queue,
        actions: withNextStep(await listQueueActions(approvalWhere, QUEUE_LIMIT, db)),
      };
    case "failed_refunds":
      return {
        queue,
        actions: withNextStep(await listQueueActions(failedRefundWhere, QUEUE_LIMIT, db)),
      };
    case "needs_reconciliation":
      return {
        queue,
        actions: withNextStep(await listQueueActions(reconciliationWhere, QUEUE_LIMIT, db)),
      };
  }
}

function withNextStep(rows: QueueActionRow[]): QueueAction[] {
  return rows.map((row) => ({
    ...row,
    nextStep: row.status === "failed" ? nextStepForFailedRefund(row.failureReason) : null,
  }));
}
