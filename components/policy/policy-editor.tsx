"use client";

import { useRouter } from "next/navigation";
import { useId, useMemo, useState } from "react";
import { sendRequest } from "@/components/settings/send-request";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { type Outcome, OutcomeMessages } from "@/components/ui/form-message";
import { SubmitButton } from "@/components/ui/submit-button";
import { useFocusFirstInvalid } from "@/components/ui/use-focus-first-invalid";
import {
  type PolicyFormErrors,
  policyFormValues,
  readPolicyForm,
} from "@/lib/client/policy-form-values";
import { describeProblem } from "@/lib/client/send-json";
import { diffPolicyDocuments } from "@/lib/domain/policy-diff";
import { hashPolicyDocument } from "@/lib/domain/policy-document";
import type { DryRunReport } from "@/lib/domain/policy-dry-run";
import { listPolicySections } from "@/lib/domain/policy-text";
import type { DomainSettings } from "@/lib/domain/settings";
import type { PolicyEditorState } from "@/lib/server/services/policies/get-policy-editor";
import type { PolicyDraftView } from "@/lib/server/services/policies/policy-views";
import { DryRunReportView } from "./dry-run-report-view";
import { PolicyDiffTable } from "./policy-diff-table";
import { PolicyHistory } from "./policy-history";
import { PolicyPublishPanel } from "./policy-publish-panel";
import { PolicyTermsForm } from "./policy-terms-form";
import { PolicyTextPreview } from "./policy-text-preview";

/** Why the saved draft cannot be published yet, or null when its newest dry run proves it. */
function publishBlockedBecause(
  state: PolicyEditorState,
  report: DryRunReport | null,
  unsaved: boolean,
): string | null {
  const { draft } = state;
  if (!draft) return "There is no draft yet. Change a term and save the draft first.";
  if (unsaved)
    return "The form has changes that are not saved. Save the draft, then run the dry run.";
  if (!report || report.draftId !== draft.id) {
    return "Run the dry run first: publishing needs proof of what these terms change.";
  }
  if (report.documentHash !== draft.documentHash) {
    return "The draft changed after its last dry run. Run the dry run again, then publish.";
  }
  if (report.comparedWith !== state.live.version) {
    return `The dry run compared the draft with ${report.comparedWith}, but ${state.live.version} is in force now. Run it again.`;
  }
  return null;
}

/** The refund policy editor: the draft as a form, its effect, its proof, and publishing it. */
export function PolicyEditor({
  state,
  settings,
  canEdit,
}: {
  state: PolicyEditorState;
  settings: DomainSettings;
  canEdit: boolean;
}) {
  const router = useRouter();
  const [values, setValues] = useState(() =>
    policyFormValues(state.draft?.document ?? state.live.document),
  );
  const [serverErrors, setServerErrors] = useState<PolicyFormErrors>({});
  const [ranReport, setRanReport] = useState<DryRunReport | null>(null);
  const [pending, setPending] = useState<"save" | "discard" | "dry-run" | "roll-back" | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const { form, focusFirstInvalid } = useFocusFirstInvalid();
  const ids = { status: useId(), alert: useId(), dryRunReason: useId() };

  const reading = useMemo(() => readPolicyForm(values), [values]);
  const errors = reading.ok ? serverErrors : { ...serverErrors, ...reading.errors };
  const document = reading.ok ? reading.document : null;
  const unsaved = document === null || hashPolicyDocument(document) !== state.draft?.documentHash;
  const report =
    ranReport && ranReport.ranAt >= (state.latestDryRun?.ranAt ?? "")
      ? ranReport
      : state.latestDryRun;
  const blockedBecause = publishBlockedBecause(state, report, unsaved);

  async function request<T>(
    kind: NonNullable<typeof pending>,
    method: "PUT" | "POST" | "DELETE",
    url: string,
    body?: unknown,
  ) {
    setPending(kind);
    setOutcome(null);
    const result = await sendRequest<T>(method, url, body);
    setPending(null);
    return result;
  }

  async function save() {
    setServerErrors({});
    if (!reading.ok) {
      setOutcome({ tone: "danger", text: "Not saved. Fix the fields marked below." });
      focusFirstInvalid();
      return;
    }
    const result = await request<PolicyDraftView>("save", "PUT", "/api/policies/draft", {
      workspaceId: state.workspaceId,
      document: reading.document,
    });
    if (!result.ok) {
      setServerErrors(
        Object.fromEntries(
          (result.problem.errors ?? []).map((error) => [error.path, error.message]),
        ),
      );
      setOutcome({ tone: "danger", text: `Not saved. ${describeProblem(result.problem)}` });
      return;
    }
    setOutcome({ tone: "success", text: "Draft saved. Run the dry run to see what it changes." });
    router.refresh();
  }

  async function discard() {
    const result = await request<{ discarded: boolean }>(
      "discard",
      "DELETE",
      `/api/policies/draft?workspaceId=${encodeURIComponent(state.workspaceId)}`,
    );
    if (!result.ok) {
      setOutcome({ tone: "danger", text: `Not discarded. ${describeProblem(result.problem)}` });
      return;
    }
    setValues(policyFormValues(state.live.document));
    setRanReport(null);
    setOutcome({ tone: "success", text: `Draft discarded; the form shows ${state.live.version}.` });
    router.refresh();
  }

  async function runDryRun() {
    const result = await request<DryRunReport>("dry-run", "POST", "/api/policies/dry-runs", {
      workspaceId: state.workspaceId,
    });
    if (!result.ok) {
      setOutcome({
        tone: "danger",
        text: `The dry run failed. ${describeProblem(result.problem)}`,
      });
      return;
    }
    setRanReport(result.data);
    router.refresh();
  }

  async function rollBack(number: number) {
    const result = await request<{ version: string; restores: string }>(
      "roll-back",
      "POST",
      "/api/policies/roll-back",
      { workspaceId: state.workspaceId, number },
    );
    if (!result.ok) {
      setOutcome({ tone: "danger", text: `Not rolled back. ${describeProblem(result.problem)}` });
      return;
    }
    setOutcome({
      tone: "success",
      text: `Published ${result.data.version} with the terms of ${result.data.restores}.`,
    });
    router.refresh();
  }

  const draftLabel = state.draft ? `Draft based on ${state.draft.basedOn}` : "No draft yet";
  return (
    <div className="space-y-6">
      <Card>
        <CardHeader
          title="Terms"
          description={
            canEdit
              ? `${draftLabel}. ${state.live.version} is in force; nothing changes for customers until you publish.`
              : `${state.live.version} is in force. Only an admin can change it.`
          }
        />
        <CardBody>
          <form
            ref={form}
            noValidate
            aria-label="Refund policy terms"
            className="space-y-6"
            onSubmit={(event) => {
              event.preventDefault();
              void save();
            }}
          >
            <PolicyTermsForm
              values={values}
              errors={errors}
              readOnly={!canEdit}
              onChange={(next) => {
                setServerErrors({});
                setValues(next);
              }}
            />
            {canEdit ? (
              <div className="flex flex-wrap items-center gap-3">
                <SubmitButton pending={pending === "save"} pendingLabel="Saving…">
                  Save draft
                </SubmitButton>
                {state.draft ? (
                  <Button
                    variant="secondary"
                    disabled={pending !== null}
                    onClick={() => void discard()}
                  >
                    Discard draft
                  </Button>
                ) : null}
                <OutcomeMessages statusId={ids.status} alertId={ids.alert} outcome={outcome} />
              </div>
            ) : null}
          </form>
        </CardBody>
      </Card>

      <Card>
        <CardHeader
          title="What changes"
          description="The form's terms beside the live version's."
        />
        <CardBody>
          {document ? (
            <PolicyDiffTable
              rows={diffPolicyDocuments(state.live.document, document)}
              liveVersion={state.live.version}
            />
          ) : (
            <p className="text-sm text-slate-600">
              Fix the fields marked above to see the changes.
            </p>
          )}
        </CardBody>
      </Card>

      <Card>
        <CardHeader
          title="What customers read"
          description="The policy text as the form's terms would print it."
        />
        <CardBody>
          {document ? (
            <PolicyTextPreview
              sections={listPolicySections({ version: "draft", document }, settings)}
              idPrefix="draft-text"
            />
          ) : (
            <p className="text-sm text-slate-600">Fix the fields marked above to see the text.</p>
          )}
          <details className="mt-6">
            <summary className="cursor-pointer text-sm font-medium text-blue-800">
              The text of {state.live.version}, in force now
            </summary>
            <div className="mt-3">
              <PolicyTextPreview sections={state.live.sections} idPrefix="live-text" />
            </div>
          </details>
        </CardBody>
      </Card>

      {canEdit ? (
        <Card>
          <CardHeader
            title="Dry run"
            description="Replays recent refund requests and the scenario stories under the saved draft and the live version, and lists every outcome that differs."
          />
          <CardBody className="space-y-4">
            <div className="flex flex-wrap items-center gap-3">
              <Button
                variant="secondary"
                disabled={!state.draft || unsaved || pending !== null}
                aria-describedby={!state.draft || unsaved ? ids.dryRunReason : undefined}
                onClick={() => void runDryRun()}
              >
                {pending === "dry-run" ? "Running…" : "Run dry run"}
              </Button>
              {!state.draft || unsaved ? (
                <p id={ids.dryRunReason} className="text-sm text-slate-700">
                  Save the draft first: the dry run replays the saved draft.
                </p>
              ) : null}
            </div>
            {report && report.draftId === state.draft?.id ? (
              <DryRunReportView report={report} />
            ) : null}
          </CardBody>
        </Card>
      ) : null}

      {canEdit ? (
        <Card>
          <CardHeader title="Publish" />
          <CardBody>
            <PolicyPublishPanel
              workspaceId={state.workspaceId}
              blockedBecause={blockedBecause}
              onPublished={() => {
                setRanReport(null);
                router.refresh();
              }}
            />
          </CardBody>
        </Card>
      ) : null}

      <Card>
        <CardHeader
          title="History"
          description="Rolling back publishes a new version with an earlier version's terms, in force from now."
        />
        <PolicyHistory
          history={state.history}
          canRollBack={canEdit}
          pending={pending !== null}
          onRollBack={(number) => void rollBack(number)}
        />
      </Card>
    </div>
  );
}
