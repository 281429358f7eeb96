import "server-only";
import type { Actor } from "@/lib/domain/actor";
import { policyInForce } from "@/lib/server/policies/policy-versions";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import { findDraft, lockWorkspacePolicy } from "./policy-version-queries";
import { type PolicyDraftView, toDraftView } from "./policy-views";

type StaffActor = Extract<Actor, { type: "staff" }>;

/*
 * A workspace has at most one draft (a partial unique index keeps it so). Opening one copies the
 * version in force now, which the draft records as what it is based on; saving replaces its
 * document with one that keeps every rule of the policy schema, or refuses with each problem at
 * its path, in the schema's own words, for the editor to show next to the field.
 */

/** The workspace's draft, opened from the live version when it has none. */
export async function openPolicyDraft(
  input: { workspaceId: string; actor: StaffActor },
  context: Pick<UseCaseContext, "db" | "now">,
): Promise<PolicyDraftView> {
  const now = context.now();
  return context.db.$transaction(async (tx) => {
    await lockWorkspacePolicy(tx, input.workspaceId);
    const existing = await findDraft(tx, input.workspaceId);
    if (existing) return toDraftView(existing);
    const live = await policyInForce(tx, input.workspaceId, now);
    const created = await tx.policyVersion.create({
      data: {
        workspaceId: input.workspaceId,
        status: "draft",
        document: live.document,
        basedOn: live.version,
        createdById: input.actor.userId,
        updatedById: input.actor.userId,
      },
    });
    return toDraftView(created);
  });
}
