import "server-only";
import { SYSTEM_ACTOR } from "@/lib/domain/actor";
import { tagKey } from "@/lib/domain/tag-name";
import type { RuleTagging } from "@/lib/domain/tag-rules";
import type { Prisma } from "@/lib/generated/prisma/client";
import { publishRealtime } from "@/lib/server/realtime/publish";
import type { AuditRecord } from "./append-audit-events";

/** A tag a rule put on a conversation just now (not one it already had). */
type NewTagging = { conversationId: string; tagId: string; tag: string; ruleId: string };

/*
 * Puts the tags the rules chose on their conversations, in the transaction that appended the
 * events that fired them: the tag exists exactly when its event committed. A rule the
 * conversation's workspace switched off tags nothing. A tag a conversation
 * already has is left alone (no second audit event); a tag the workspace does not have yet is
 * created under the rule's name. Returns the audit events of the tags actually added.
 */
export async function applyTagRules(
  tx: Prisma.TransactionClient,
  taggings: readonly RuleTagging[],
  now: Date,
): Promise<AuditRecord[]> {
  if (taggings.length === 0) return [];
  // DO UPDATE rather than DO NOTHING: it returns the existing tag's row too, and waits for a
  // tag another transaction is creating instead of missing it.
  const added = await tx.$queryRaw<NewTagging[]>`
    WITH wanted AS (
      SELECT w.conversation_id, w.rule_id, w.name, w.key, cu.workspace_id
      FROM unnest(
        ${taggings.map((tagging) => tagging.conversationId)}::text[],
        ${taggings.map((tagging) => tagging.ruleId)}::text[],
        ${taggings.map((tagging) => tagging.tag)}::text[],
        ${taggings.map((tagging) => tagKey(tagging.tag))}::text[]
      ) AS w(conversation_id, rule_id, name, key)
      JOIN conversations c ON c.id = w.conversation_id
      JOIN customers cu ON cu.id = c.customer_id
      JOIN workspaces ws ON ws.id = cu.workspace_id
      WHERE NOT (w.rule_id = ANY(coalesce(ws.disabled_tag_rules, '{}')))
    ), tag AS (
      INSERT INTO tags (id, workspace_id, name, key)
      SELECT DISTINCT ON (workspace_id, key) 'tag_' || gen_random_uuid(), workspace_id, name, key
      FROM wanted
      ON CONFLICT (workspace_id, key) DO UPDATE SET key = EXCLUDED.key
      RETURNING id, workspace_id, key, name
    ), linked AS (
      INSERT INTO conversation_tags (conversation_id, tag_id)
      SELECT wanted.conversation_id, tag.id FROM wanted
      JOIN tag ON tag.workspace_id = wanted.workspace_id AND tag.key = wanted.key
      ON CONFLICT DO NOTHING
      RETURNING conversation_id, tag_id
    )
    SELECT linked.conversation_id AS "conversationId", linked.tag_id AS "tagId",
           tag.name AS tag, wanted.rule_id AS "ruleId"
    FROM linked
    JOIN tag ON tag.id = linked.tag_id
    JOIN wanted ON wanted.conversation_id = linked.conversation_id AND wanted.key = tag.key`;
  for (const conversationId of new Set(added.map((tagging) => tagging.conversationId))) {
    await publishRealtime(tx, {
      topic: "ticket.changed",
      conversationId,
      payload: { tags: "changed" },
    });
  }
  return added.map((tagging) => ({
    kind: "conversation.tagged",
    subjectType: "conversation",
    subjectId: tagging.conversationId,
    actor: SYSTEM_ACTOR,
    occurredAt: now,
    payload: {
      conversationId: tagging.conversationId,
      tagId: tagging.tagId,
      tag: tagging.tag,
      rule: tagging.ruleId,
    },
  }));
}
