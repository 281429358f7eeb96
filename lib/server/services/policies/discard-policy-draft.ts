import "server-only";
import type { Actor } from "@/lib/domain/actor";
import { appendAuditEvents } from "@/lib/server/audit/append-audit-events";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import { findDraft, lockWorkspacePolicy } from "./policy-version-queries";

type StaffActor = Extract<Actor, { type: "staff" }>;

/** Throws the draft away; the live version is untouched. Answers whether there was one. */
export async function discardPolicyDraft(
  input: { workspaceId: string; actor: StaffActor },
  context: Pick<UseCaseContext, "db" | "now">,
): Promise<{ discarded: boolean }> {
  const now = context.now();
  return context.db.$transaction(async (tx) => {
    await lockWorkspacePolicy(tx, input.workspaceId);
    const existing = await findDraft(tx, input.workspaceId);
    if (!existing) return { discarded: false };
    await tx.policyVersion.delete({ where: { id: existing.id } });
    await appendAuditEvents(tx, [
      {
        kind: "policy.draft_discarded",
        subjectType: "policy_version",
        subjectId: existing.id,
        actor: input.actor,
        occurredAt: now,
        payload: { workspaceId: input.workspaceId },
      },
    ]);
    return { discarded: true };
  });
}
