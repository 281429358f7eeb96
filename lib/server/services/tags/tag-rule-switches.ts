import "server-only";
import { z } from "zod";
import type { Role } from "@/lib/domain/authz";
import { TAG_RULE_IDS, TAG_RULES, type TagRuleId } from "@/lib/domain/tag-rules";
import { AppError } from "@/lib/errors/app-error";
import { appendAuditEvents } from "@/lib/server/audit/append-audit-events";
import { staffWorkspaceIds } from "@/lib/server/services/workspaces/staff-workspaces";
import type { UseCaseContext } from "@/lib/server/use-case-context";

export const switchTagRuleSchema = z.object({
  workspaceId: z.string().min(1).max(64),
  rule: z.enum(TAG_RULE_IDS),
  enabled: z.boolean(),
});

export type TagRuleSwitch = { id: TagRuleId; label: string; tag: string; enabled: boolean };

/** One workspace's tag rules, as its settings show them. */
export type WorkspaceTagRules = {
  workspaceId: string;
  workspaceName: string;
  rules: TagRuleSwitch[];
};

/** The tag rules of each workspace the staff member works in, each on unless switched off. */
export async function listTagRules(
  input: { staffUserId: string },
  context: Pick<UseCaseContext, "db">,
): Promise<WorkspaceTagRules[]> {
  const workspaces = await context.db.workspace.findMany({
    where: { id: { in: await staffWorkspaceIds(context.db, input.staffUserId) } },
    select: { id: true, name: true, disabledTagRules: true },
    orderBy: { name: "asc" },
  });
  return workspaces.map((workspace) => ({
    workspaceId: workspace.id,
    workspaceName: workspace.name,
    rules: TAG_RULES.map((rule) => ({
      id: rule.id,
      label: rule.label,
      tag: rule.tag,
      enabled: !workspace.disabledTagRules.includes(rule.id),
    })),
  }));
}

/**
 * An admin switches one rule on or off for one of their workspaces (another's answers NOT_FOUND);
 * the same switch again is a no-op.
 */
export async function switchTagRule(
  input: {
    staff: { id: string; role: Role };
    workspaceId: string;
    rule: TagRuleId;
    enabled: boolean;
  },
  context: Pick<UseCaseContext, "db" | "now">,
): Promise<{ workspaces: WorkspaceTagRules[] }> {
  const { db } = context;
  const now = context.now();
  const { workspaceId } = input;
  if (!(await staffWorkspaceIds(db, input.staff.id)).includes(workspaceId)) {
    throw new AppError("NOT_FOUND", "No such workspace");
  }
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
  return { workspaces: await listTagRules({ staffUserId: input.staff.id }, context) };
}
