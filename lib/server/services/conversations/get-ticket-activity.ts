import "server-only";
import { type ActivityLine, tellActivity } from "@/lib/domain/activity-sentences";
import { AppError } from "@/lib/errors/app-error";
import {
  viewerWorkspaceIds,
  type WorkspaceViewer,
} from "@/lib/server/services/workspaces/staff-workspaces";
import type { UseCaseContext } from "@/lib/server/use-case-context";

/*
 * A ticket's audit events told as sentences, oldest first, for the ticket page's Activity view.
 * The events and the names they mention (staff and customers, by the ids the rows carry) are read
 * here, so the browser gets only sentences.
 */

/** Enough for any ordinary ticket; a longer story says it was cut and links to the audit log. */
export const ACTIVITY_LIMIT = 300;

export type TicketActivity = {
  lines: ActivityLine[];
  /** More events exist than are told here. */
  truncated: boolean;
};

/** Payload fields that hold a staff user's id. */
const STAFF_ID_FIELDS = [
  "approverId",
  "onBehalfOfCustomerBy",
  "toAssigneeId",
  "fromAssigneeId",
  "fromStaffId",
];

function idsIn(payload: unknown, fields: readonly string[]): string[] {
  if (typeof payload !== "object" || payload === null) return [];
  const record = payload as Record<string, unknown>;
  return fields.flatMap((field) => {
    const value = record[field];
    return typeof value === "string" ? [value] : [];
  });
}

export async function getTicketActivity(
  input: { conversationId: string } & WorkspaceViewer,
  context: Pick<UseCaseContext, "db">,
): Promise<TicketActivity> {
  const { db } = context;
  const workspaceIds = await viewerWorkspaceIds(db, input);
  const conversation = await db.conversation.findFirst({
    where: { id: input.conversationId, customer: { workspaceId: { in: workspaceIds } } },
    select: { id: true },
  });
  if (!conversation) throw new AppError("NOT_FOUND", "No such ticket");

  const rows = await db.auditEvent.findMany({
    where: { conversationId: conversation.id },
    // Chain order once sealed; a row the sealer has not reached yet comes last, in commit order.
    orderBy: [{ position: { sort: "asc", nulls: "last" } }, { id: "asc" }],
    take: ACTIVITY_LIMIT + 1,
  });
  const told = rows.slice(0, ACTIVITY_LIMIT);

  const staffIds = new Set<string>();
  const customerIds = new Set<string>();
  for (const row of told) {
    if (row.actorKind === "staff" && row.actorId) staffIds.add(row.actorId);
    if (row.actorKind === "customer" && row.actorId) customerIds.add(row.actorId);
    for (const id of idsIn(row.payload, STAFF_ID_FIELDS)) staffIds.add(id);
    for (const id of idsIn(row.payload, ["customerId"])) customerIds.add(id);
  }
  const [staff, customers] = await Promise.all([
    db.staffUser.findMany({
      where: { id: { in: [...staffIds] } },
      select: { id: true, name: true },
    }),
    db.customer.findMany({
      where: { id: { in: [...customerIds] } },
      select: { id: true, name: true },
    }),
  ]);

  const lines = tellActivity(
    told.map((row) => ({
      id: row.id.toString(),
      kind: row.kind,
      subjectType: row.subjectType,
      subjectId: row.subjectId,
      actor: { kind: row.actorKind, id: row.actorId },
      payload: row.payload,
      at: row.createdAt.toISOString(),
    })),
    {
      staff: new Map(staff.map((user) => [user.id, user.name])),
      customers: new Map(customers.map((customer) => [customer.id, customer.name])),
    },
  );
  return { lines, truncated: rows.length > ACTIVITY_LIMIT };
}
