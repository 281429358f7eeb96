"use client";

import type { Ref } from "react";
import { SelectField } from "@/components/ui/controls";
import type { ConversationThreadSnapshot } from "@/lib/server/services/conversations/get-conversation-thread";
import { shortcutKeyClassName } from "./shortcut-key";

/** Who the ticket is assigned to: nobody, me first, then everyone else with their role. */
export function AssigneeSelect({
  assigneeId,
  staff,
  meId,
  pending,
  selectRef,
  onAssign,
}: {
  assigneeId: string | null;
  staff: ConversationThreadSnapshot["staff"];
  meId: string;
  pending: boolean;
  selectRef?: Ref<HTMLSelectElement>;
  onAssign: (assigneeId: string | null, name: string | undefined) => void;
}) {
  const others = staff.filter((person) => person.id !== meId);
  const me = staff.find((person) => person.id === meId);
  return (
    <SelectField
      ref={selectRef}
      label={
        <>
          Assignee <kbd className={shortcutKeyClassName}>a</kbd>
        </>
      }
      fieldClassName="w-full sm:w-auto"
      className="w-full sm:w-auto"
      value={assigneeId ?? ""}
      disabled={pending}
      aria-keyshortcuts="a"
      onChange={(event) => {
        const value = event.target.value || null;
        onAssign(value, staff.find((person) => person.id === value)?.name);
      }}
    >
      <option value="">Unassigned</option>
      {me ? <option value={me.id}>Me ({me.name})</option> : null}
      {others.map((person) => (
        <option key={person.id} value={person.id}>
          {person.name} ({person.role})
        </option>
      ))}
    </SelectField>
  );
}
