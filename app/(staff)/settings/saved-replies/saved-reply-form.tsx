"use client";

import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { CheckboxField } from "@/components/ui/checkbox-field";
import { SelectField, TextAreaField, TextField } from "@/components/ui/controls";
import { FormAlert } from "@/components/ui/form-message";
import { SubmitButton } from "@/components/ui/submit-button";
import { describeProblem, readResult } from "@/lib/client/send-json";
import { renderSavedReply } from "@/lib/domain/saved-reply-render";
import {
  MAX_SAVED_REPLY_BODY_CHARS,
  MAX_SAVED_REPLY_TITLE_CHARS,
  parseTemplate,
} from "@/lib/domain/saved-reply-template";
import type { NamedWorkspace } from "@/lib/server/services/workspaces/staff-workspaces";
import { EXAMPLE_TICKET_WORDS, exampleFacts } from "./example-facts";

export type SavedReplyDraft = {
  id: string | null;
  title: string;
  body: string;
  shared: boolean;
  workspaceId: string | null;
};

async function saveDraft(draft: SavedReplyDraft) {
  const response = await fetch(draft.id ? `/api/saved-replies/${draft.id}` : "/api/saved-replies", {
    method: draft.id ? "PUT" : "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(
      draft.id
        ? { title: draft.title, body: draft.body }
        : {
            title: draft.title,
            body: draft.body,
            shared: draft.shared,
            workspaceId: draft.workspaceId ?? undefined,
          },
    ),
    credentials: "same-origin",
  }).catch(() => null);
  if (!response) {
    return {
      ok: false as const,
      problem: { detail: "The server could not be reached. Check your connection and try again." },
    };
  }
  return readResult(response);
}

/*
 * Writing or changing a saved reply: its problems (an unknown variable, a brace that closes
 * nothing) are shown as the person types, with where they are, and a preview fills the variables
 * from an example ticket. The server checks the same template again when it is saved.
 */
export function SavedReplyForm({
  initial,
  workspaces = [],
  canShare,
  agentName,
  onDone,
}: {
  initial: SavedReplyDraft;
  /** Offered as a choice when there are several. */
  workspaces?: NamedWorkspace[];
  canShare: boolean;
  agentName: string;
  onDone?: () => void;
}) {
  const router = useRouter();
  const [draft, setDraft] = useState(initial);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState("");
  const errorId = useId();
  const previewId = useId();
  const parsed = parseTemplate(draft.body);
  const preview = parsed.ok ? renderSavedReply(parsed.segments, exampleFacts(agentName)) : null;
  const problems = parsed.ok ? [] : parsed.problems;

  async function save() {
    setError(null);
    setSaved("");
    if (!parsed.ok) {
      setError("Fix the reply's variables first.");
      return;
    }
    setPending(true);
    const result = await saveDraft(draft);
    setPending(false);
    if (!result.ok) {
      setError(`Not saved. ${describeProblem(result.problem)}`);
      return;
    }
    setSaved(`Saved “${draft.title.trim()}”.`);
    if (!initial.id) setDraft(initial);
    router.refresh();
    onDone?.();
  }

  return (
    <form
      noValidate
      className="space-y-3"
      aria-describedby={error ? errorId : undefined}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      {workspaces.length > 1 ? (
        <SelectField
          label="Shop"
          hint="The shop whose tickets the reply is for."
          value={draft.workspaceId ?? ""}
          onChange={(event) => setDraft({ ...draft, workspaceId: event.target.value })}
        >
          {workspaces.map((workspace) => (
            <option key={workspace.id} value={workspace.id}>
              {workspace.name}
            </option>
          ))}
        </SelectField>
      ) : null}
      <TextField
        label="Title"
        hint="What you search for in the composer."
        value={draft.title}
        maxLength={MAX_SAVED_REPLY_TITLE_CHARS}
        autoComplete="off"
        onChange={(event) => setDraft({ ...draft, title: event.target.value })}
      />
      <TextAreaField
        label="Reply"
        hint="Variables are filled in from the ticket's records when you insert the reply."
        rows={6}
        value={draft.body}
        maxLength={MAX_SAVED_REPLY_BODY_CHARS}
        error={
          problems.length > 0
            ? problems.map((problem) => (
                <span key={`${problem.kind}-${problem.position}`} className="block">
                  {problem.message}
                </span>
              ))
            : null
        }
        describedBy={previewId}
        onChange={(event) => setDraft({ ...draft, body: event.target.value })}
      />
      {canShare && !initial.id ? (
        <CheckboxField
          label="Share with the team"
          hint="Everyone in the workspace can insert a shared reply; only admins change it."
          checked={draft.shared}
          onChange={(event) => setDraft({ ...draft, shared: event.target.checked })}
        />
      ) : null}
      <div id={previewId} className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2">
        <p className="text-xs font-medium text-slate-600">
          Preview on an example ticket ({EXAMPLE_TICKET_WORDS})
        </p>
        <p className="mt-1 whitespace-pre-wrap text-sm text-slate-900" data-testid="reply-preview">
          {preview?.ok ? preview.text : "The preview appears once the variables are right."}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton pending={pending} pendingLabel="Saving…">
          {initial.id ? "Save changes" : "Save reply"}
        </SubmitButton>
        {onDone ? (
          <button
            type="button"
            className="min-h-10 rounded-md px-3 text-sm text-blue-800 underline"
            onClick={onDone}
          >
            Cancel
          </button>
        ) : null}
        <p role="status" className="text-sm text-green-800">
          {saved}
        </p>
        <FormAlert id={errorId}>{error}</FormAlert>
      </div>
    </form>
  );
}
