import "server-only";
import type { AttachmentSource } from "@/lib/domain/attachments";
import type { Prisma } from "@/lib/generated/prisma/client";
import { appendAuditEvents } from "@/lib/server/audit/append-audit-events";
import type { PreparedFiles } from "./prepare-attachment";

/*
 * The rows of a message's files, written in the transaction that stores the message (its
 * onStored hook), with an audit event each: a stored file's row exists only if its message does.
 * The bytes are already on disk under their digest; a row whose transaction rolled back leaves
 * an unreferenced file, never a row without its file.
 */
export async function recordAttachments(
  tx: Prisma.TransactionClient,
  input: {
    conversationId: string;
    messageId: string;
    source: AttachmentSource;
    files: PreparedFiles;
    now: Date;
  },
): Promise<void> {
  const { conversationId, messageId, source, files, now } = input;
  if (files.stored.length === 0 && files.refused.length === 0) return;
  const conversation = await tx.conversation.findUniqueOrThrow({
    where: { id: conversationId },
    select: { customerId: true, customer: { select: { workspaceId: true } } },
  });
  const { customerId } = conversation;
  const rows = await tx.attachment.createManyAndReturn({
    data: files.stored.map((file) => ({
      workspaceId: conversation.customer.workspaceId,
      conversationId,
      messageId,
      customerId,
      source,
      sha256: file.sha256,
      storedMime: file.storedMime,
      sizeBytes: file.sizeBytes,
      width: file.width,
      height: file.height,
      originalName: file.originalName,
      createdAt: now,
    })),
    select: { id: true, sha256: true, storedMime: true, sizeBytes: true, originalName: true },
  });
  const actor = { type: "customer" as const, customerId };
  await appendAuditEvents(tx, [
    ...rows.map((row) => ({
      kind: "attachment.stored" as const,
      subjectType: "attachment" as const,
      subjectId: row.id,
      actor,
      occurredAt: now,
      payload: {
        conversationId,
        messageId,
        customerId,
        source,
        sha256: row.sha256,
        storedMime: row.storedMime,
        sizeBytes: row.sizeBytes,
        originalName: row.originalName,
      },
    })),
    ...files.refused.map((file) => ({
      kind: "attachment.refused" as const,
      subjectType: "message" as const,
      subjectId: messageId,
      actor,
      occurredAt: now,
      payload: { conversationId, messageId, source, fileName: file.name, reason: file.reason },
    })),
  ]);
}
