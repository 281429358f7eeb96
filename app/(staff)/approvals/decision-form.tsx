"use client";

import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { TextAreaField } from "@/components/ui/controls";
import { FormAlert } from "@/components/ui/form-message";
import { SubmitButton } from "@/components/ui/submit-button";
import { formatMoney } from "@/lib/domain/money";
import type { ApprovalQueueItem } from "@/lib/server/services/approvals/list-approval-queue";
import type { DecisionOutcome } from "./approval-card";
import { useDecision } from "./use-decision";

/** Approve at once, or open a note to reject with. */
export function DecisionForm({
  item,
  mayApprove,
  onDecisionSent,
  onDecided,
}: {
  item: ApprovalQueueItem;
  /** False above the viewer's approval limit: they may still reject. */
  mayApprove: boolean;
  onDecisionSent: () => void;
  onDecided: (outcome: DecisionOutcome) => void;
}) {
  const [mode, setMode] = useState<"idle" | "rejecting">("idle");
  const { note, setNote, pending, error, setError, noteRef, decide } = useDecision({
    item,
    onDecisionSent,
    onDecided,
  });
  const errorId = useId();
  const switchTo = (next: typeof mode) => {
    setMode(next);
    setError(null);
  };

  return (
    <div className="space-y-3">
      {mode === "idle" ? (
        <div className="flex flex-wrap gap-2">
          {mayApprove ? (
            <Button onClick={() => decide("approve")} disabled={pending}>
              {pending
                ? "Approving…"
                : `Approve ${formatMoney(item.netRefundCents, item.currency)}`}
            </Button>
          ) : null}
          <Button
            variant="secondary"
            disabled={pending}
            onClick={() => {
              switchTo("rejecting");
              // The textarea mounts on this render; focus it once it exists.
              requestAnimationFrame(() => noteRef.current?.focus());
            }}
          >
            Reject…
          </Button>
        </div>
      ) : (
        <form
          className="space-y-2"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void decide("reject");
          }}
        >
          <TextAreaField
            ref={noteRef}
            label="Reason for rejecting (required)"
            hint="The agent passes this on to the customer, so write it for them."
            invalid={error !== null && note.trim() === ""}
            describedBy={error ? errorId : null}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            required
            maxLength={2000}
            rows={3}
          />
          <div className="flex flex-wrap gap-2">
            <SubmitButton pending={pending} pendingLabel="Rejecting…">
              Reject refund
            </SubmitButton>
            <Button variant="ghost" disabled={pending} onClick={() => switchTo("idle")}>
              Cancel
            </Button>
          </div>
        </form>
      )}
      <FormAlert id={errorId}>{error}</FormAlert>
    </div>
  );
}
