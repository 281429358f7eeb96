import "server-only";
import type { InsightPeriod } from "@/lib/domain/insights";
import type { UseCaseContext } from "@/lib/server/use-case-context";

export type SavedReplyUsage = {
  replyId: string;
  title: string;
  shared: boolean;
  archived: boolean;
  uses: number;
};

/**
 * How often each saved reply of the viewer's workspaces was inserted into a ticket in the period
 * (by anyone), most used first.
 */
export async function savedReplyUsage(
  input: { period: InsightPeriod; staffUserId: string },
  context: Pick<UseCaseContext, "db">,
): Promise<SavedReplyUsage[]> {
  const { period } = input;
  const counts = await context.db.savedReplyUse.groupBy({
    by: ["savedReplyId"],
    where: {
      usedAt: { gte: period.from, lt: period.to },
      savedReply: { workspace: { members: { some: { staffUserId: input.staffUserId } } } },
    },
    _count: { _all: true },
  });
  const replies = await context.db.savedReply.findMany({
    where: { id: { in: counts.map((count) => count.savedReplyId) } },
    select: { id: true, title: true, ownerId: true, archivedAt: true },
  });
  const byId = new Map(replies.map((reply) => [reply.id, reply]));
  return counts
    .flatMap((count) => {
      const reply = byId.get(count.savedReplyId);
      return reply
        ? [
            {
              replyId: reply.id,
              title: reply.title,
              shared: reply.ownerId === null,
              archived: reply.archivedAt !== null,
              uses: count._count._all,
            },
          ]
        : [];
    })
    .sort((a, b) => b.uses - a.uses || a.title.localeCompare(b.title));
}
