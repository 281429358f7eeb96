import "server-only";
import type { Actor } from "@/lib/domain/actor";
import {
  hashPolicyDocument,
  policyDocumentSchema,
  policyVersionLabel,
} from "@/lib/domain/policy-document";
import { dryRunSummarySchema } from "@/lib/domain/policy-dry-run";
import { AppError } from "@/lib/errors/app-error";
import { appendAuditEvents } from "@/lib/server/audit/append-audit-events";
import { policyInForce } from "@/lib/server/policies/policy-versions";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import {
  findDraft,
  latestDryRunOf,
  lockWorkspacePolicy,
  nextPolicyNumber,
} from "./policy-version-queries";
import { policyWindow } from "./policy-window";

export type PolicyPublished = {
  id: string;
  version: string;
  effectiveFrom: string;
  effectiveUntil: string | null;
  dryRunId: string;
};

/*
 * The draft becomes the next numbered version, in force from now or from a chosen date, and until
 * a chosen date if it is a holiday window (after it the highest-numbered version in force applies
 * again, which is the one before). Only a draft whose newest dry run proved these very terms
 * against the version live now may go out: a lead publishes what they saw the effect of. The
 * version row and its audit event commit together, under the workspace's policy lock.
 */
export async function publishPolicyDraft(
  input: {
    workspaceId: string;
    effectiveFrom?: Date | undefined;
    effectiveUntil?: Date | undefined;
    actor: Extract<Actor, { type: "staff" }>;
  },
  context: Pick<UseCaseContext, "db" | "now">,
): Promise<PolicyPublished> {
  const now = context.now();
  const inForce = policyWindow(input, now);
  return context.db.$transaction(async (tx) => {
    await lockWorkspacePolicy(tx, input.workspaceId);
    const draft = await findDraft(tx, input.workspaceId);
    if (!draft) throw new AppError("NOT_FOUND", "There is no draft to publish.");
    const documentHash = hashPolicyDocument(policyDocumentSchema.parse(draft.document));
    const dryRun = await latestDryRunOf(tx, draft.id);
    if (!dryRun || dryRun.documentHash !== documentHash) {
      throw new AppError(
        "CONFLICT",
        dryRun
          ? "The draft changed after its last dry run. Run the dry run again to see what these terms change, then publish."
          : "This draft has no dry run yet. Run the dry run to see what it changes, then publish.",
        { extensions: { reason: dryRun ? "DRY_RUN_OUTDATED" : "DRY_RUN_MISSING" } },
      );
    }
    const live = await policyInForce(tx, input.workspaceId, now);
    if (dryRun.comparedWith !== live.version) {
      throw new AppError(
        "CONFLICT",
        `The dry run compared the draft with ${dryRun.comparedWith}, but ${live.version} is in force now. Run the dry run again against it, then publish.`,
        { extensions: { reason: "DRY_RUN_OUTDATED" } },
      );
    }
    const summary = dryRunSummarySchema.parse(dryRun.summary);
    const number = await nextPolicyNumber(tx, input.workspaceId);
    const version = policyVersionLabel(number);
    await tx.policyVersion.update({
      where: { id: draft.id },
      data: {
        status: "published",
        number,
        effectiveFrom: inForce.effectiveFrom,
        effectiveUntil: inForce.effectiveUntil,
        publishedById: input.actor.userId,
        publishedAt: now,
        dryRunId: dryRun.id,
        updatedById: input.actor.userId,
      },
    });
    const published = {
      id: draft.id,
      version,
      effectiveFrom: inForce.effectiveFrom.toISOString(),
      effectiveUntil: inForce.effectiveUntil?.toISOString() ?? null,
      dryRunId: dryRun.id,
    };
    await appendAuditEvents(tx, [
      {
        kind: "policy.published",
        subjectType: "policy_version",
        subjectId: draft.id,
        actor: input.actor,
        occurredAt: now,
        payload: {
          workspaceId: input.workspaceId,
          version,
          basedOn: draft.basedOn,
          effectiveFrom: published.effectiveFrom,
          effectiveUntil: published.effectiveUntil,
          restores: null,
          dryRunId: dryRun.id,
          summary,
        },
      },
    ]);
    return published;
  });
}
