"use client";

import { useRouter } from "next/navigation";
import { type FormEvent, useState } from "react";
import { sendRequest } from "@/components/settings/send-request";
import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/controls";
import { FormStatus } from "@/components/ui/form-message";
import { useOutcomeRequest } from "@/components/ui/use-outcome-request";
import { sendJson } from "@/lib/client/send-json";
import {
  SAVED_VIEW_NAME_MAX_LENGTH,
  type SavedViewFilter,
  savedViewSearchParams,
} from "@/lib/domain/saved-view-filter";
import type { NamedWorkspace } from "@/lib/server/services/workspaces/staff-workspaces";

type CurrentView = {
  id: string;
  name: string;
  shared: boolean;
  ownerName: string;
  canManage: boolean;
};

/*
 * Saving the inbox's filters as a view (the owner's, or shared with the team), and for the view
 * shown now, renaming or deleting it by whoever may (its owner; an admin for a shared one).
 */
export function SavedViewPanel({
  filter,
  current,
  workspaces,
}: {
  filter: SavedViewFilter;
  current: CurrentView | null;
  /** The viewer's shops: with several, the view names the one whose team it is for. */
  workspaces: NamedWorkspace[];
}) {
  const router = useRouter();
  const { pending, outcome, request } = useOutcomeRequest();
  const [name, setName] = useState(current?.name ?? "");
  const [shared, setShared] = useState(false);
  const [workspaceId, setWorkspaceId] = useState(workspaces[0]?.id ?? "");

  async function save(event: FormEvent) {
    event.preventDefault();
    const result = await request(
      () =>
        sendJson<{ id: string }>("/api/saved-views", {
          name,
          shared,
          filter,
          workspaceId: workspaces.length > 1 ? workspaceId : undefined,
        }),
      `Saved the view “${name.trim()}”.`,
    );
    if (!result.ok) return;
    const params = new URLSearchParams([
      ...savedViewSearchParams(filter),
      ["view", result.data.id],
    ]);
    router.push(`/inbox?${params}`);
    router.refresh();
  }

  async function rename(event: FormEvent) {
    event.preventDefault();
    if (!current) return;
    const result = await request(
      () => sendRequest<{ name: string }>("PUT", `/api/saved-views/${current.id}`, { name }),
      (answer) => `Renamed the view to “${answer.name}”.`,
    );
    if (result.ok) router.refresh();
  }

  async function remove() {
    if (!current) return;
    const result = await request(
      () => sendRequest<null>("DELETE", `/api/saved-views/${current.id}`),
      `Deleted the view “${current.name}”.`,
    );
    if (result.ok) {
      router.push("/inbox");
      router.refresh();
    }
  }

  if (current) {
    return (
      <section aria-label="Saved view" className="space-y-2">
        <p className="text-sm text-slate-700">
          Showing the {current.shared ? "shared" : "personal"} view “{current.name}”
          {current.shared ? ` by ${current.ownerName}` : ""}.
        </p>
        {current.canManage ? (
          <form onSubmit={(event) => void rename(event)} className="flex flex-wrap items-end gap-3">
            <TextField
              label="View name"
              value={name}
              maxLength={SAVED_VIEW_NAME_MAX_LENGTH}
              required
              onChange={(event) => setName(event.target.value)}
              fieldClassName="w-64"
            />
            <Button type="submit" variant="secondary" disabled={pending}>
              Rename
            </Button>
            <Button
              type="button"
              variant="secondary"
              disabled={pending}
              onClick={() => void remove()}
            >
              Delete view
            </Button>
          </form>
        ) : null}
        <FormStatus outcome={outcome} />
      </section>
    );
  }

  return (
    <section aria-label="Save these filters">
      <form onSubmit={(event) => void save(event)} className="flex flex-wrap items-end gap-3">
        <TextField
          label="Save these filters as a view"
          value={name}
          maxLength={SAVED_VIEW_NAME_MAX_LENGTH}
          required
          placeholder="View name"
          onChange={(event) => setName(event.target.value)}
          fieldClassName="w-64"
        />
        {workspaces.length > 1 ? (
          <SelectField
            label="Shop"
            value={workspaceId}
            onChange={(event) => setWorkspaceId(event.target.value)}
            className="w-auto"
          >
            {workspaces.map((workspace) => (
              <option key={workspace.id} value={workspace.id}>
                {workspace.name}
              </option>
            ))}
          </SelectField>
        ) : null}
        <label className="inline-flex min-h-9 items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={shared}
            onChange={(event) => setShared(event.target.checked)}
          />
          Share with the team
        </label>
        <Button type="submit" variant="secondary" disabled={pending}>
          Save view
        </Button>
      </form>
      <FormStatus outcome={outcome} />
    </section>
  );
}
