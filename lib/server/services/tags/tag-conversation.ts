import "server-only";
import { z } from "zod";
import type { Role } from "@/lib/domain/authz";
import { type TagColor, tagColorSchema, tagKey, tagNameSchema } from "@/lib/domain/tag-name";
import { AppError } from "@/lib/errors/app-error";
import { appendAuditEvents } from "@/lib/server/audit/append-audit-events";
import { publishRealtime } from "@/lib/server/realtime/publish";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import { findConversationTags, findTicketWorkspaceId, type TagView } from "./tag-queries";

export const addTagSchema = z.object({
  name: tagNameSchema,
  /** Only used when the tag is new to the workspace. */
  color: tagColorSchema.nullable().optional(),
});

type Staff = { id: string; role: Role };

/*
 * A person tags a ticket: with one of the workspace's tags (any case of its name), or a new one
 * made on the spot. Tagging again with a tag it has is a no-op, not a second audit event.
 */
export async function tagConversation(
  input: { conversationId: string; staff: Staff; name: string; color?: TagColor | null },
  context: Pick<UseCaseContext, "db" | "now">,
): Promise<{ tags: TagView[] }> {
  const { db } = context;
  const now = context.now();
  const workspaceId = await findTicketWorkspaceId(db, {
    conversationId: input.conversationId,
    staffUserId: input.staff.id,
  });
  const key = tagKey(input.name);
  return db.$transaction(async (tx) => {
    const tag = await tx.tag.upsert({
      where: { workspaceId_key: { workspaceId, key } },
      create: {
        workspaceId,
        key,
        name: input.name,
        color: input.color ?? null,
      },
      update: {},
    });
    const linked = await tx.conversationTag.createMany({
      data: [{ conversationId: input.conversationId, tagId: tag.id }],
      skipDuplicates: true,
    });
    if (linked.count > 0) {
      await publishRealtime(tx, {
        topic: "ticket.changed",
        conversationId: input.conversationId,
        payload: { tags: "changed" },
      });
      await appendAuditEvents(tx, [
        {
          kind: "conversation.tagged",
          subjectType: "conversation",
          subjectId: input.conversationId,
          actor: { type: "staff", userId: input.staff.id, roles: [input.staff.role] },
          occurredAt: now,
          payload: {
            conversationId: input.conversationId,
            tagId: tag.id,
            tag: tag.name,
            rule: null,
          },
        },
      ]);
    }
    return { tags: await findConversationTags(tx, input.conversationId) };
  });
}

/** A person takes a tag off a ticket; taking off one it does not have is a no-op. */
export async function untagConversation(
  input: { conversationId: string; staff: Staff; tagId: string },
  context: Pick<UseCaseContext, "db" | "now">,
): Promise<{ tags: TagView[] }> {
  const { db } = context;
  const now = context.now();
  await findTicketWorkspaceId(db, {
    conversationId: input.conversationId,
    staffUserId: input.staff.id,
  });
  return db.$transaction(async (tx) => {
    const removed = await tx.conversationTag.deleteMany({
      where: { conversationId: input.conversationId, tagId: input.tagId },
    });
    if (removed.count > 0) {
      const tag = await tx.tag.findUnique({ where: { id: input.tagId }, select: { name: true } });
      if (!tag) throw new AppError("NOT_FOUND", "No such tag");
      await publishRealtime(tx, {
        topic: "ticket.changed",
        conversationId: input.conversationId,
        payload: { tags: "changed" },
      });
      await appendAuditEvents(tx, [
        {
          kind: "conversation.untagged",
          subjectType: "conversation",
          subjectId: input.conversationId,
          actor: { type: "staff", userId: input.staff.id, roles: [input.staff.role] },
          occurredAt: now,
          payload: { conversationId: input.conversationId, tagId: input.tagId, tag: tag.name },
        },
      ]);
    }
    return { tags: await findConversationTags(tx, input.conversationId) };
  });
}
