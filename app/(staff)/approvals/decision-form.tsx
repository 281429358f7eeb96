"use client";

import { useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { describeProblem, type ProblemBody, sendJson } from "@/lib/client/send-json";
import { formatMoney } from "@/lib/domain/money";
import type { DecisionResult } from "@/lib/server/services/approvals/decide-pending-approval";
import type { ApprovalQueueItem } from "@/lib/server/services/approvals/list-approval-queue";
import type { DecisionOutcome } from "./approval-card";

type DecidedFirst = {
  decision?: string;
  decidedBy?: { name?: string };
  decidedAt?: string;
};

function alreadyDecided(problem: ProblemBody): DecisionOutcome {
  const first = problem as ProblemBody & DecidedFirst;
  const who = first.decidedBy?.name ?? "another approver";
  const when = first.decidedAt ? ` at ${new Date(first.decidedAt).toLocaleTimeString()}` : "";
  return {
    tone: "warning",
    message: `Already ${first.decision ?? "decided"} by ${who}${when}. Your decision was not applied; the attempt is in the audit log.`,
  };
}

function decidedOutcome(result: DecisionResult, item: ApprovalQueueItem): DecisionOutcome {
  if (result.decision === "rejected") {
    return {
      tone: "success",
      message: "Rejected. The agent will explain the decision to the customer using your note.",
    };
  }
  if (result.refund) {
    return {
      tone: "success",
      message: `Approved. Refund ${result.refund.id} of ${formatMoney(result.refund.amountCents, result.refund.currency)} issued to ${result.refund.target}.`,
    };
  }
  return {
    tone: result.status === "failed" ? "danger" : "warning",
    message: `Approved the ${formatMoney(item.netRefundCents, item.currency)} refund; it is now ${result.status.replaceAll("_", " ")}. Open the ticket for details.`,
  };
}

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
  const noteId = useId();
  const hintId = useId();
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
          <label htmlFor={noteId} className="block text-sm font-medium text-slate-900">
            Reason for rejecting (required)
          </label>
          <p id={hintId} className="text-sm text-slate-600">
            The agent passes this on to the customer, so write it for them.
          </p>
          <textarea
            id={noteId}
            ref={noteRef}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            required
            maxLength={2000}
            rows={3}
            aria-describedby={error ? `${hintId} ${errorId}` : hintId}
            aria-invalid={error !== null && note.trim() === ""}
            className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm text-slate-900 focus:border-blue-700 focus:outline-none focus:ring-2 focus:ring-blue-700/30"
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={pending}>
              {pending ? "Rejecting…" : "Reject refund"}
            </Button>
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
      <p id={errorId} role="alert" className="text-sm font-medium text-red-800 empty:hidden">
        {error ?? ""}
      </p>
    </div>
  );
}
