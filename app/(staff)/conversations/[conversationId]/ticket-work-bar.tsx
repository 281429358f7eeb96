"use client";

import type { Ref } from "react";
import { FormStatus } from "@/components/ui/form-message";
import { useOutcomeRequest } from "@/components/ui/use-outcome-request";
import { sendJson } from "@/lib/client/send-json";
import type { ConversationThreadSnapshot } from "@/lib/server/services/conversations/get-conversation-thread";
import { AssigneeSelect } from "./assignee-select";
import { TicketLanguageSelect } from "./ticket-language-select";
import { TicketOwnerControl } from "./ticket-owner-control";
import { TicketStatusSelect } from "./ticket-status-select";

/*
 * The ticket's own workflow, beside the AI's: who owns the conversation (the AI, or a person
 * who took it over), who it is assigned to, and where it stands (open → pending → solved).
 */
export function TicketWorkBar({
  conversation,
  staff,
  meId,
  onChanged,
  assigneeRef,
}: {
  conversation: ConversationThreadSnapshot["conversation"];
  staff: ConversationThreadSnapshot["staff"];
  meId: string;
  onChanged: () => void;
  assigneeRef?: Ref<HTMLSelectElement>;
}) {
  const { pending, outcome, request } = useOutcomeRequest();

  async function post(path: string, body: unknown, done: string) {
    const result = await request(
      () => sendJson(`/api/conversations/${conversation.id}/${path}`, body),
      done,
    );
    if (result.ok) onChanged();
  }

  return (
    <section aria-label="Ticket work" className="flex flex-wrap items-end gap-x-4 gap-y-3">
      <TicketOwnerControl
        owner={conversation.humanOwner}
        pending={pending}
        onHandBack={() => void post("hand-back", undefined, "Handed back to the AI.")}
        onTakeOver={() =>
          void post("take-over", undefined, "You have taken over; the AI will not reply.")
        }
      />
      <AssigneeSelect
        assigneeId={conversation.assignee?.id ?? null}
        staff={staff}
        meId={meId}
        pending={pending}
        selectRef={assigneeRef}
        onAssign={(assigneeId, name) =>
          void post("assignee", { assigneeId }, assigneeId ? `Assigned to ${name}.` : "Unassigned.")
        }
      />
      <TicketStatusSelect
        status={conversation.workflowStatus}
        pending={pending}
        onChange={(status, label) =>
          void post("status", { status }, `Marked ${label.toLowerCase()}.`)
        }
      />
      <TicketLanguageSelect
        language={conversation.language}
        pending={pending}
        onChange={(language, label) =>
          void post("language", { language }, `The customer will be answered in ${label}.`)
        }
      />
      <FormStatus outcome={outcome} className="basis-full" />
    </section>
  );
}

export async function solveTicket(conversationId: string) {
  return sendJson(`/api/conversations/${conversationId}/status`, { status: "solved" });
}
