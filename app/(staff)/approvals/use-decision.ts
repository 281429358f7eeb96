"use client";

import { useRef, useState } from "react";
import { describeProblem, sendJson } from "@/lib/client/send-json";
import type { DecisionResult } from "@/lib/server/services/approvals/decide-approval";
import type { ApprovalQueueItem } from "@/lib/server/services/approvals/list-approval-queue";
import type { DecisionOutcome } from "./approval-card";
import { alreadyDecided, decidedOutcome } from "./decision-outcome";

/*
 * Sends one approver's decision on the quote they saw. A rejection needs a note (the agent
 * explains it to the customer with it); another approver deciding first is an outcome, not an error.
 */
export function useDecision({
  item,
  onDecisionSent,
  onDecided,
}: {
  item: ApprovalQueueItem;
  onDecisionSent: () => void;
  onDecided: (outcome: DecisionOutcome) => void;
}) {
  const [note, setNote] = useState("");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const noteRef = useRef<HTMLTextAreaElement>(null);

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

  return { note, setNote, pending, error, setError, noteRef, decide };
}
