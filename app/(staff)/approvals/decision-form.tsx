"use client";

import { useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { TextAreaField } from "@/components/ui/controls";
import { FormAlert } from "@/components/ui/form-message";
import { SubmitButton } from "@/components/ui/submit-button";
import { describeProblem, sendJson } from "@/lib/client/send-json";
import { formatMoney } from "@/lib/domain/money";
import type { DecisionResult } from "@/lib/server/services/approvals/decide-approval";
import type { ApprovalQueueItem } from "@/lib/server/services/approvals/list-approval-queue";
import type { DecisionOutcome } from "./approval-card";
import { alreadyDecided, decidedOutcome } from "./decision-outcome";

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
  const [note, setNote] = useState("");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const errorId = useId();

  async function decide(decision: "approve" | "reject") {
    if (decision === "reject" && note.trim() === "") {
      setError("Write a note: the agent uses it to explain the rejection to the customer.");
      noteRef.current?.focus();
      return;
    }
    setPending(true);
    setError(null);
    onDecisionSent();
    const result = await sendJson<DecisionResult>(`/api/approvals/${item.actionId}/decision`, {
      decision,
      quoteHash: item.quoteHash,
      ...(decision === "reject" ? { note: note.trim() } : {}),
    });
    setPending(false);
    if (result.ok) {
      onDecided(decidedOutcome(result.data, item));
    } else if (result.problem.code === "ALREADY_DECIDED") {
      onDecided(alreadyDecided(result.problem));
    } else {
      setError(describeProblem(result.problem));
    }
  }

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
              setMode("rejecting");
              setError(null);
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
            <Button
              variant="ghost"
              disabled={pending}
              onClick={() => {
                setMode("idle");
                setError(null);
              }}
            >
              Cancel
            </Button>
          </div>
        </form>
      )}
      <FormAlert id={errorId}>{error}</FormAlert>
    </div>
  );
}
