import "server-only";
import { z } from "zod";
import type { Role } from "@/lib/domain/authz";
import { TAG_RULE_IDS, TAG_RULES, type TagRuleId } from "@/lib/domain/tag-rules";
import { appendAuditEvents } from "@/lib/server/audit/append-audit-events";
import { soleWorkspaceId } from "@/lib/server/services/workspaces/staff-workspaces";
import type { UseCaseContext } from "@/lib/server/use-case-context";

export const switchTagRuleSchema = z.object({
  rule: z.enum(TAG_RULE_IDS),
  enabled: z.boolean(),
});

export type TagRuleSwitch = { id: TagRuleId; label: string; tag: string; enabled: boolean };

/** The workspace's tag rules, each on unless an admin switched it off. */
export async function listTagRules(
  input: { staffUserId: string },
  context: Pick<UseCaseContext, "db">,
): Promise<TagRuleSwitch[]> {
  const workspaceId = await soleWorkspaceId(context.db, input);
  const { disabledTagRules } = await context.db.workspace.findUniqueOrThrow({
    where: { id: workspaceId },
    select: { disabledTagRules: true },
  });
  return TAG_RULES.map((rule) => ({
    id: rule.id,
    label: rule.label,
    tag: rule.tag,
    enabled: !disabledTagRules.includes(rule.id),
  }));
}

/** An admin switches one rule on or off for their workspace; the same switch again is a no-op. */
export async function switchTagRule(
  input: { staff: { id: string; role: Role }; rule: TagRuleId; enabled: boolean },
  context: Pick<UseCaseContext, "db" | "now">,
): Promise<{ rules: TagRuleSwitch[] }> {
  const { db } = context;
  const now = context.now();
  const workspaceId = await soleWorkspaceId(db, { staffUserId: input.staff.id });
  await db.$transaction(async (tx) => {
    // Locked, so two admins switching different rules at once both keep their change.
    const [row] = await tx.$queryRaw<{ disabled: string[] | null }[]>`
      SELECT disabled_tag_rules AS disabled FROM workspaces WHERE id = ${workspaceId} FOR UPDATE`;
    const disabled = row?.disabled ?? [];
    if (disabled.includes(input.rule) !== input.enabled) return;
    await tx.workspace.update({
      where: { id: workspaceId },
      data: {
        disabledTagRules: input.enabled
          ? disabled.filter((rule) => rule !== input.rule)
          : [...disabled, input.rule],
      },
    });
    await appendAuditEvents(tx, [
      {
        kind: "tag_rule.switched",
        subjectType: "workspace",
        subjectId: workspaceId,
        actor: { type: "staff", userId: input.staff.id, roles: [input.staff.role] },
        occurredAt: now,
        payload: { workspaceId, rule: input.rule, enabled: input.enabled },
      },
    ]);
  });
  return { rules: await listTagRules({ staffUserId: input.staff.id }, context) };
}
