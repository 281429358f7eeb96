import "server-only";
import { z } from "zod";
import type { Role } from "@/lib/domain/authz";
import { canManageSavedView } from "@/lib/domain/saved-view-access";
import { savedViewFilterSchema, savedViewNameSchema } from "@/lib/domain/saved-view-filter";
import { AppError } from "@/lib/errors/app-error";
import type { Prisma } from "@/lib/generated/prisma/client";
import { appendAuditEvents } from "@/lib/server/audit/append-audit-events";
import {
  chosenStaffWorkspaceId,
  staffWorkspaceIds,
} from "@/lib/server/services/workspaces/staff-workspaces";
import type { UseCaseContext } from "@/lib/server/use-case-context";

export const createSavedViewSchema = z.object({
  name: savedViewNameSchema,
  shared: z.boolean(),
  filter: savedViewFilterSchema,
  /** Which shop's team it is for; may be left out by someone who works for one shop only. */
  workspaceId: z.string().min(1).max(100).optional(),
});

export const renameSavedViewSchema = z.object({ name: savedViewNameSchema });

type Staff = { id: string; role: Role };
type Context = Pick<UseCaseContext, "db" | "now">;

/** A staff user saves the inbox's current filters as a view of their workspace. */
export async function createSavedView(
  input: { staff: Staff } & z.output<typeof createSavedViewSchema>,
  context: Context,
): Promise<{ id: string }> {
  const { db } = context;
  const now = context.now();
  const workspaceId = await chosenStaffWorkspaceId(db, {
    staffUserId: input.staff.id,
    workspaceId: input.workspaceId,
  });
  return db.$transaction(async (tx) => {
    const view = await tx.savedView.create({
      data: {
        workspaceId,
        ownerId: input.staff.id,
        name: input.name,
        shared: input.shared,
        filter: input.filter,
      },
      select: { id: true },
    });
    await appendAuditEvents(tx, [
      {
        kind: "saved_view.created",
        subjectType: "saved_view",
        subjectId: view.id,
        actor: { type: "staff", userId: input.staff.id, roles: [input.staff.role] },
        occurredAt: now,
        payload: { workspaceId, name: input.name, shared: input.shared },
      },
    ]);
    return view;
  });
}

/** The view, locked, if the staff user may change it; a view they cannot see does not exist. */
async function lockManagedView(tx: Prisma.TransactionClient, staff: Staff, viewId: string) {
  const workspaceIds = await staffWorkspaceIds(tx, staff.id);
  const [view] = await tx.$queryRaw<
    { id: string; workspaceId: string; ownerId: string; name: string; shared: boolean }[]
  >`SELECT id, workspace_id AS "workspaceId", owner_id AS "ownerId", name, shared
    FROM saved_views WHERE id = ${viewId} AND workspace_id = ANY(${workspaceIds}::text[])
    FOR UPDATE`;
  if (!view || !(view.shared || view.ownerId === staff.id)) {
    throw new AppError("NOT_FOUND", "No such view");
  }
  if (!canManageSavedView(staff, view)) {
    throw new AppError("FORBIDDEN", "Only its owner or an admin may change a shared view.");
  }
  return view;
}

export async function renameSavedView(
  input: { staff: Staff; viewId: string; name: string },
  context: Context,
): Promise<{ id: string; name: string }> {
  const now = context.now();
  return context.db.$transaction(async (tx) => {
    const view = await lockManagedView(tx, input.staff, input.viewId);
    if (view.name === input.name) return { id: view.id, name: view.name };
    await tx.savedView.update({ where: { id: view.id }, data: { name: input.name } });
    await appendAuditEvents(tx, [
      {
        kind: "saved_view.renamed",
        subjectType: "saved_view",
        subjectId: view.id,
        actor: { type: "staff", userId: input.staff.id, roles: [input.staff.role] },
        occurredAt: now,
        payload: { workspaceId: view.workspaceId, from: view.name, to: input.name },
      },
    ]);
    return { id: view.id, name: input.name };
  });
}

export async function deleteSavedView(
  input: { staff: Staff; viewId: string },
  context: Context,
): Promise<{ deleted: true }> {
  const now = context.now();
  return context.db.$transaction(async (tx) => {
    const view = await lockManagedView(tx, input.staff, input.viewId);
    await tx.savedView.delete({ where: { id: view.id } });
    await appendAuditEvents(tx, [
      {
        kind: "saved_view.deleted",
        subjectType: "saved_view",
        subjectId: view.id,
        actor: { type: "staff", userId: input.staff.id, roles: [input.staff.role] },
        occurredAt: now,
        payload: { workspaceId: view.workspaceId, name: view.name },
      },
    ]);
    return { deleted: true };
  });
}
