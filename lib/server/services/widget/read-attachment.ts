import "server-only";
import { can, type Role } from "@/lib/domain/authz";
import { AppError } from "@/lib/errors/app-error";
import type { ServedAttachment } from "@/lib/server/http/attachment-response";
import { readAttachmentBytes } from "@/lib/server/services/attachments/attachment-store";
import { staffWorkspaceIds } from "@/lib/server/services/workspaces/staff-workspaces";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import { lookupWidgetSession } from "./resolve-widget-session";

/** Who asks for a file: a signed-in staff member, a widget cookie, both or neither. */
export type AttachmentRequester = {
  staff: { id: string; role: Role } | null;
  widgetToken: string | undefined;
};

/*
 * A file, for exactly two kinds of reader: staff who may read tickets, of the attachment's
 * workspace; and the active widget session of the customer who sent it, in the same
 * conversation. Anyone else, whatever the reason, is told the file does not exist (404), so an
 * id reveals nothing to someone it does not belong to.
 */
export async function readAttachment(
  input: { attachmentId: string; requester: AttachmentRequester },
  context: Pick<UseCaseContext, "db" | "now">,
): Promise<ServedAttachment> {
  const notFound = new AppError("NOT_FOUND", "No such attachment");
  const row = await context.db.attachment.findUnique({ where: { id: input.attachmentId } });
  if (!row) throw notFound;
  if (!(await mayRead(row, input.requester, context))) throw notFound;
  const bytes = await readAttachmentBytes(row.sha256);
  if (!bytes) throw notFound;
  return { storedMime: row.storedMime, originalName: row.originalName, bytes };
}

async function mayRead(
  row: { workspaceId: string; conversationId: string; customerId: string },
  requester: AttachmentRequester,
  context: Pick<UseCaseContext, "db" | "now">,
): Promise<boolean> {
  const { staff, widgetToken } = requester;
  if (staff && can([staff.role], "tickets.read")) {
    const workspaces = await staffWorkspaceIds(context.db, staff.id);
    if (workspaces.includes(row.workspaceId)) return true;
  }
  if (!widgetToken) return false;
  const lookup = await lookupWidgetSession({ token: widgetToken }, context);
  return (
    lookup.state === "active" &&
    lookup.session.conversationId === row.conversationId &&
    lookup.session.customerId === row.customerId
  );
}
