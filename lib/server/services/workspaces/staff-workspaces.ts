import "server-only";
import { AppError } from "@/lib/errors/app-error";
import type { Prisma } from "@/lib/generated/prisma/client";

type Reader = Pick<Prisma.TransactionClient, "workspace" | "workspaceMember">;

/**
 * Who is looking: a staff user sees the conversations (and customers) of their workspaces only.
 * Every workspace is for the operator's CLI, which runs with the database's own credentials.
 */
export type WorkspaceViewer = { staffUserId: string } | { everyWorkspace: true };

/** The workspaces whose conversations the viewer sees. */
export async function viewerWorkspaceIds(db: Reader, viewer: WorkspaceViewer): Promise<string[]> {
  if ("staffUserId" in viewer) return staffWorkspaceIds(db, viewer.staffUserId);
  return (await db.workspace.findMany({ select: { id: true } })).map((row) => row.id);
}

/** The workspaces a staff user is a member of: whose conversations they see. */
export async function staffWorkspaceIds(db: Reader, staffUserId: string): Promise<string[]> {
  const rows = await db.workspaceMember.findMany({
    where: { staffUserId },
    select: { workspaceId: true },
    orderBy: { createdAt: "asc" },
  });
  return rows.map((row) => row.workspaceId);
}

/**
 * Where something a person starts by hand belongs (a New email, a CLI command): the staff user's
 * one workspace, or without a staff user the deployment's one workspace. With several it is not
 * ours to guess.
 */
export async function soleWorkspaceId(
  db: Reader,
  input: { staffUserId?: string | undefined },
): Promise<string> {
  const ids = input.staffUserId
    ? await staffWorkspaceIds(db, input.staffUserId)
    : (await db.workspace.findMany({ select: { id: true }, take: 2 })).map((row) => row.id);
  const [sole, ...others] = ids;
  if (sole && others.length === 0) return sole;
  throw new AppError(
    "CONFLICT",
    sole
      ? "There are several workspaces and nothing here says which one this is for."
      : "There is no workspace to start this in.",
    { extensions: { reason: "WORKSPACE_AMBIGUOUS" } },
  );
}

/**
 * A new staff user works where the admin who invited them works: they join each of the inviter's
 * workspaces. Run in the invitation's transaction.
 */
export async function joinInvitersWorkspaces(
  tx: Prisma.TransactionClient,
  input: { staffUserId: string; inviterId: string },
): Promise<void> {
  const workspaceIds = await staffWorkspaceIds(tx, input.inviterId);
  await tx.workspaceMember.createMany({
    data: workspaceIds.map((workspaceId) => ({ workspaceId, staffUserId: input.staffUserId })),
    skipDuplicates: true,
  });
}

/**
 * A refund of a workspace the staff user is not a member of does not exist for them: an approver
 * of one shop never decides another shop's refund, whatever id they send.
 */
export async function requireActionInStaffWorkspaces(
  db: Pick<Prisma.TransactionClient, "pendingAction">,
  input: { actionId: string; staffUserId: string },
): Promise<void> {
  const action = await db.pendingAction.findFirst({
    where: {
      id: input.actionId,
      customer: { workspace: { members: { some: { staffUserId: input.staffUserId } } } },
    },
    select: { id: true },
  });
  if (!action) throw new AppError("NOT_FOUND", "No such refund");
}

/**
 * A conversation of a workspace the staff user is not a member of does not exist for them: what
 * they do to a ticket (reply, note, assign, take over, …) reaches their own workspaces' only.
 */
export async function requireConversationInStaffWorkspaces(
  db: Pick<Prisma.TransactionClient, "conversation">,
  input: { conversationId: string; staffUserId: string },
): Promise<void> {
  const conversation = await db.conversation.findFirst({
    where: {
      id: input.conversationId,
      customer: { workspace: { members: { some: { staffUserId: input.staffUserId } } } },
    },
    select: { id: true },
  });
  if (!conversation) throw new AppError("NOT_FOUND", "No such ticket");
}

export type NamedWorkspace = { id: string; name: string };

/** The shops a staff member works in, by name, the one they joined first first. */
export async function namedStaffWorkspaces(
  db: Reader,
  staffUserId: string,
): Promise<NamedWorkspace[]> {
  const ids = await staffWorkspaceIds(db, staffUserId);
  const rows = await db.workspace.findMany({
    where: { id: { in: ids } },
    select: { id: true, name: true },
  });
  return ids.flatMap((id) => rows.filter((row) => row.id === id));
}

/**
 * Where a staff member's new thing goes: the shop they chose, which must be one of theirs
 * (another answers NOT_FOUND), or with no choice their one shop.
 */
export async function chosenStaffWorkspaceId(
  db: Reader,
  input: { staffUserId: string; workspaceId: string | undefined },
): Promise<string> {
  if (input.workspaceId === undefined) return soleWorkspaceId(db, input);
  if (!(await staffWorkspaceIds(db, input.staffUserId)).includes(input.workspaceId)) {
    throw new AppError("NOT_FOUND", "No such workspace");
  }
  return input.workspaceId;
}
