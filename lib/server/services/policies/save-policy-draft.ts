import "server-only";
import type { Actor } from "@/lib/domain/actor";
import { hashPolicyDocument, policyDocumentSchema } from "@/lib/domain/policy-document";
import { AppError } from "@/lib/errors/app-error";
import { appendAuditEvents } from "@/lib/server/audit/append-audit-events";
import { fieldErrors } from "@/lib/server/http/validation-errors";
import { policyInForce } from "@/lib/server/policies/policy-versions";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import { findDraft, lockWorkspacePolicy } from "./policy-version-queries";
import { type PolicyDraftView, toDraftView } from "./policy-views";

type StaffActor = Extract<Actor, { type: "staff" }>;

export async function savePolicyDraft(
  input: { workspaceId: string; document: unknown; actor: StaffActor },
  context: Pick<UseCaseContext, "db" | "now">,
): Promise<PolicyDraftView> {
  const parsed = policyDocumentSchema.safeParse(input.document);
  if (!parsed.success) {
    throw new AppError("VALIDATION_FAILED", "The draft breaks some of the policy's rules.", {
      errors: fieldErrors(parsed.error),
    });
  }
  const document = parsed.data;
  const now = context.now();
  return context.db.$transaction(async (tx) => {
    await lockWorkspacePolicy(tx, input.workspaceId);
    const existing = await findDraft(tx, input.workspaceId);
    const basedOn = existing?.basedOn ?? (await policyInForce(tx, input.workspaceId, now)).version;
    const saved = existing
      ? await tx.policyVersion.update({
          where: { id: existing.id },
          data: { document, updatedById: input.actor.userId },
        })
      : await tx.policyVersion.create({
          data: {
            workspaceId: input.workspaceId,
            status: "draft",
            document,
            basedOn,
            createdById: input.actor.userId,
            updatedById: input.actor.userId,
          },
        });
    await appendAuditEvents(tx, [
      {
        kind: "policy.draft_saved",
        subjectType: "policy_version",
        subjectId: saved.id,
        actor: input.actor,
        occurredAt: now,
        payload: {
          workspaceId: input.workspaceId,
          basedOn,
          documentHash: hashPolicyDocument(document),
        },
      },
    ]);
    return toDraftView(saved);
  });
}
