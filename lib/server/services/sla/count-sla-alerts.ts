import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import {
  viewerWorkspaceIds,
  type WorkspaceViewer,
} from "@/lib/server/services/workspaces/staff-workspaces";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import { type SlaAlert, slaAlertCondition } from "./sla-inbox-conditions";

export type SlaAlertCounts = Record<SlaAlert, number>;

/** How many of the viewer's tickets are breaching their SLA soon, and breached, now. */
export async function countSlaAlerts(
  viewer: WorkspaceViewer,
  context: Pick<UseCaseContext, "db" | "now">,
): Promise<SlaAlertCounts> {
  const { db } = context;
  const at = context.now();
  const workspaceIds = await viewerWorkspaceIds(db, viewer);
  const [row] = await db.$queryRaw<SlaAlertCounts[]>(Prisma.sql`
    SELECT count(*) FILTER (WHERE ${slaAlertCondition("breaching_soon", at)})::int AS breaching_soon,
           count(*) FILTER (WHERE ${slaAlertCondition("breached", at)})::int AS breached
      FROM conversations c
      JOIN customers cw ON cw.id = c.customer_id
     WHERE cw.workspace_id = ANY(${workspaceIds}::text[])
       AND (c.first_reply_warn_at IS NOT NULL OR c.resolution_warn_at IS NOT NULL)`);
  return { breaching_soon: row?.breaching_soon ?? 0, breached: row?.breached ?? 0 };
}
