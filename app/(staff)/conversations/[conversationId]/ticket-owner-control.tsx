"use client";

import { Button } from "@/components/ui/button";
import type { ConversationThreadSnapshot } from "@/lib/server/services/conversations/get-conversation-thread";

/** Who handles the conversation: the AI, or a person who took it over (the AI is then paused). */
export function TicketOwnerControl({
  owner,
  pending,
  onTakeOver,
  onHandBack,
}: {
  owner: ConversationThreadSnapshot["conversation"]["humanOwner"];
  pending: boolean;
  onTakeOver: () => void;
  onHandBack: () => void;
}) {
  return (
    <div className="space-y-1">
      <p className="text-sm font-medium text-slate-800">Handled by</p>
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm text-slate-900" data-testid="ticket-owner">
          {owner ? `${owner.name} (AI paused)` : "AI agent"}
        </span>
        {owner ? (
          <Button variant="secondary" disabled={pending} onClick={onHandBack}>
            Hand back to AI
          </Button>
        ) : (
          <Button variant="secondary" disabled={pending} onClick={onTakeOver}>
            Take over
          </Button>
        )}
      </div>
    </div>
  );
}
