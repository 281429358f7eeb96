import "server-only";
import {
  type PolicyDocument,
  policyVersionLabel,
  type RefundPolicy,
} from "@/lib/domain/policy-document";
import type { DryRunReport } from "@/lib/domain/policy-dry-run";
import { listPolicySections, type PolicySection } from "@/lib/domain/policy-text";
import { POLICY_V1 } from "@/lib/domain/policy-v1";
import { AppError } from "@/lib/errors/app-error";
import { policyInForce } from "@/lib/server/policies/policy-versions";
import { toDryRunReport } from "@/lib/server/services/policy-dry-runs/dry-run-report";
import { getSettings } from "@/lib/server/settings/get-settings";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import { findDraft, latestDryRunOf } from "./policy-version-queries";
import {
  builtInV1View,
  type PolicyDraftView,
  type PolicyVersionState,
  type PolicyVersionView,
  toDraftView,
  toVersionView,
} from "./policy-views";

export type PolicyEditorState = {
  workspaceId: string;
  workspaceName: string;
  /** The version in force now, and its customer-facing text. */
  live: { version: string; document: PolicyDocument; sections: PolicySection[] };
  draft: PolicyDraftView | null;
  /** The newest dry run of the draft, whether or not it still matches the draft. */
  latestDryRun: DryRunReport | null;
  /** Every published version, newest first. */
  history: PolicyVersionView[];
};

/** Everything the policy editor shows for one workspace; anyone who may read settings. */
export async function getPolicyEditor(
  input: { workspaceId: string },
  context: Pick<UseCaseContext, "db" | "now">,
): Promise<PolicyEditorState> {
  const { db } = context;
  const now = context.now();
  const workspace = await db.workspace.findUnique({
    where: { id: input.workspaceId },
    select: { id: true, name: true },
  });
  if (!workspace) throw new AppError("NOT_FOUND", "No such workspace");
  const [live, settings, draftRow, rows] = await Promise.all([
    policyInForce(db, workspace.id, now),
    getSettings(db),
    findDraft(db, workspace.id),
    db.policyVersion.findMany({
      where: { workspaceId: workspace.id, status: "published" },
      orderBy: { number: "desc" },
    }),
  ]);
  const publisherIds = rows.flatMap((row) => (row.publishedById ? [row.publishedById] : []));
  const publishers = await db.staffUser.findMany({
    where: { id: { in: publisherIds } },
    select: { id: true, name: true },
  });
  const names = new Map(publishers.map((staff) => [staff.id, staff.name]));
  const history = rows.map((row) => toVersionView(row, versionState(row, live, now), names));
  if (!history.some((version) => version.number === 1)) {
    history.push(builtInV1View(live.version === POLICY_V1.version ? "in_force" : "superseded"));
  }
  const dryRunRow = draftRow ? await latestDryRunOf(db, draftRow.id) : null;
  return {
    workspaceId: workspace.id,
    workspaceName: workspace.name,
    live: {
      version: live.version,
      document: live.document,
      sections: listPolicySections(live, settings),
    },
    draft: draftRow ? toDraftView(draftRow) : null,
    latestDryRun: dryRunRow ? toDryRunReport(dryRunRow) : null,
    history,
  };
}

function versionState(
  row: { number: number | null; effectiveFrom: Date | null; effectiveUntil: Date | null },
  live: RefundPolicy,
  now: Date,
): PolicyVersionState {
  if (row.effectiveFrom && row.effectiveFrom > now) return "scheduled";
  if (row.effectiveUntil && row.effectiveUntil <= now) return "ended";
  return row.number !== null && live.version === policyVersionLabel(row.number)
    ? "in_force"
    : "superseded";
}
