import "server-only";
import type { Prisma, WorkflowStatus } from "@/lib/generated/prisma/client";
import { recomputeSlaDueTimes } from "./recompute-sla";

/*
 * Solving a ticket stops its resolution clock and reopening it resumes the clock: the solved
 * time is stored as an interval, so the clock is computed from facts and never ticked. Called
 * in the transaction that moves the ticket's status.
 */
export async function moveSlaWithStatus(
  tx: Prisma.TransactionClient,
  conversationId: string,
  move: { from: WorkflowStatus; to: WorkflowStatus; now: Date },
): Promise<void> {
  if (move.to === "solved" && move.from !== "solved") {
    await tx.slaPause.create({
      data: { conversationId, cause: "solved", startedAt: move.now },
    });
  } else if (move.from === "solved" && move.to !== "solved") {
    await tx.slaPause.updateMany({
      where: { conversationId, cause: "solved", endedAt: null },
      data: { endedAt: move.now },
    });
  }
  await recomputeSlaDueTimes(tx, conversationId, move.now);
}
