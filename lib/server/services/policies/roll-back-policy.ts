import "server-only";
import type { Actor } from "@/lib/domain/actor";
import {
  type PolicyDocument,
  policyDocumentSchema,
  policyVersionLabel,
} from "@/lib/domain/policy-document";
import { POLICY_V1 } from "@/lib/domain/policy-v1";
import { AppError } from "@/lib/errors/app-error";
import { appendAuditEvents } from "@/lib/server/audit/append-audit-events";
import { policyInForce } from "@/lib/server/policies/policy-versions";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import { lockWorkspacePolicy, nextPolicyNumber } from "./policy-version-queries";

export type PolicyRolledBack = { id: string; version: string; restores: string };

/*
 * Rolling back publishes a new version, in force from now, whose terms are an earlier version's:
 * the history stays a true record of what applied when, and quotes made under the version rolled
 * away from keep it. It needs no dry run: the restored terms were in force before and were proven
 * in production then, and a lead rolling back is undoing a harm now, which a replay must not delay.
 */
export async function rollBackPolicy(
  input: {
    workspaceId: string;
    /** The number of the published version whose terms to restore. */
    number: number;
    actor: Extract<Actor, { type: "staff" }>;
  },
  context: Pick<UseCaseContext, "db" | "now">,
): Promise<PolicyRolledBack> {
  const now = context.now();
  return context.db.$transaction(async (tx) => {
    await lockWorkspacePolicy(tx, input.workspaceId);
    const restored = await tx.policyVersion.findFirst({
      where: { workspaceId: input.workspaceId, status: "published", number: input.number },
      select: { document: true },
    });
    let document: PolicyDocument;
    if (restored) document = policyDocumentSchema.parse(restored.document);
    // A workspace that never stored v1 runs the built-in one.
    else if (input.number === 1) document = POLICY_V1.document;
    else throw new AppError("NOT_FOUND", `There is no version ${input.number} to roll back to.`);
    const restores = policyVersionLabel(input.number);
    const live = await policyInForce(tx, input.workspaceId, now);
    if (live.version === restores) {
      throw new AppError("CONFLICT", `${restores} is already the version in force.`);
    }
    const number = await nextPolicyNumber(tx, input.workspaceId);
    const version = policyVersionLabel(number);
    const created = await tx.policyVersion.create({
      data: {
        workspaceId: input.workspaceId,
        status: "published",
        number,
        document,
        basedOn: live.version,
        restores,
        effectiveFrom: now,
        createdById: input.actor.userId,
        updatedById: input.actor.userId,
        publishedById: input.actor.userId,
        publishedAt: now,
      },
    });
    await appendAuditEvents(tx, [
      {
        kind: "policy.published",
        subjectType: "policy_version",
        subjectId: created.id,
        actor: input.actor,
        occurredAt: now,
        payload: {
          workspaceId: input.workspaceId,
          version,
          basedOn: live.version,
          effectiveFrom: now.toISOString(),
          effectiveUntil: null,
          restores,
          dryRunId: null,
          summary: null,
        },
      },
    ]);
    return { id: created.id, version, restores };
  });
}
