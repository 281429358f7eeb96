import "server-only";
import { z } from "zod";
import type { Actor } from "@/lib/domain/actor";
import {
  hashPolicyDocument,
  policyDocumentSchema,
  type RefundPolicy,
} from "@/lib/domain/policy-document";
import type { DryRunReport } from "@/lib/domain/policy-dry-run";
import { replayPolicies } from "@/lib/domain/policy-replay";
import { AppError } from "@/lib/errors/app-error";
import { appendAuditEvents } from "@/lib/server/audit/append-audit-events";
import { policyInForce } from "@/lib/server/policies/policy-versions";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import { toDryRunReport } from "./dry-run-report";
import { dryRunWorkspaceId } from "./dry-run-workspace";
import { storedRefundRequests } from "./stored-refund-requests";
import { storyRequests } from "./story-requests";

const DAY_MS = 24 * 60 * 60 * 1000;
export const DEFAULT_LOOKBACK_DAYS = 30;
export const MAX_LOOKBACK_DAYS = 365;

export const lookbackDaysSchema = z.int().min(1).max(MAX_LOOKBACK_DAYS);

export type RunPolicyDryRunInput = {
  /** Absent: the staff member's one workspace. Either way they must be a member of it. */
  workspaceId?: string | undefined;
  actor: Extract<Actor, { type: "staff" }>;
  lookbackDays?: number;
};

/*
 * Replays a workspace's draft policy against the scenario stories and every refund its
 * customers were quoted in the last `lookbackDays` days, beside the version in force now, and
 * keeps the result: the run row and its audit event commit together. A publish later checks the
 * run proved the very document it publishes (documentHash).
 */
export async function runPolicyDryRun(
  input: RunPolicyDryRunInput,
  context: Pick<UseCaseContext, "db" | "now">,
): Promise<DryRunReport> {
  const { db } = context;
  const now = context.now();
  const lookbackDays = lookbackDaysSchema.parse(input.lookbackDays ?? DEFAULT_LOOKBACK_DAYS);
  const workspaceId = await dryRunWorkspaceId(db, {
    staffUserId: input.actor.userId,
    workspaceId: input.workspaceId,
  });
  const draftRow = await db.policyVersion.findFirst({
    where: { workspaceId, status: "draft" },
    select: { id: true, document: true },
  });
  if (!draftRow) {
    throw new AppError("CONFLICT", "There is no draft policy to try: save a draft first.", {
      extensions: { reason: "NO_DRAFT" },
    });
  }
  const parsed = policyDocumentSchema.safeParse(draftRow.document);
  if (!parsed.success) {
    throw new AppError("CONFLICT", "The draft policy has problems to fix before it can be tried.", {
      errors: parsed.error.issues.map((issue) => ({
        path: issue.path.join("."),
        message: issue.message,
      })),
      extensions: { reason: "DRAFT_INVALID" },
    });
  }
  const draft: RefundPolicy = { version: "draft", document: parsed.data };
  const [live, stored] = await Promise.all([
    policyInForce(db, workspaceId, now),
    storedRefundRequests(db, {
      workspaceId,
      since: new Date(now.getTime() - lookbackDays * DAY_MS),
      until: now,
    }),
  ]);
  const { changes, summary } = replayPolicies([...storyRequests(now), ...stored], live, draft);
  const documentHash = hashPolicyDocument(draft.document);

  const row = await db.$transaction(async (tx) => {
    const created = await tx.policyDryRun.create({
      data: {
        workspaceId,
        draftId: draftRow.id,
        documentHash,
        comparedWith: live.version,
        lookbackDays,
        summary,
        changes,
        ranById: input.actor.userId,
        createdAt: now,
      },
    });
    await appendAuditEvents(tx, [
      {
        kind: "policy.dry_run_completed",
        subjectType: "policy_dry_run",
        subjectId: created.id,
        actor: input.actor,
        occurredAt: now,
        payload: {
          workspaceId,
          draftId: draftRow.id,
          documentHash,
          comparedWith: live.version,
          lookbackDays,
          summary,
        },
      },
    ]);
    return created;
  });
  return toDryRunReport(row);
}

/** The newest dry run of a staff member's workspace (as runPolicyDryRun picks it). */
export async function latestPolicyDryRunFor(
  input: { staffUserId: string; workspaceId?: string | undefined },
  context: Pick<UseCaseContext, "db">,
): Promise<DryRunReport | null> {
  return latestPolicyDryRun(await dryRunWorkspaceId(context.db, input), context);
}

/** The workspace's newest dry run, for the editor; null before the first. */
export async function latestPolicyDryRun(
  workspaceId: string,
  context: Pick<UseCaseContext, "db">,
): Promise<DryRunReport | null> {
  const row = await context.db.policyDryRun.findFirst({
    where: { workspaceId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  return row ? toDryRunReport(row) : null;
}
