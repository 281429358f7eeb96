"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import type { Outcome } from "@/components/ui/form-message";
import { describeProblem, sendJson } from "@/lib/client/send-json";
import type { ProviderLookup } from "@/lib/server/services/reconciliations/look-up-reconciliation";
import type { SettledReconciliation } from "@/lib/server/services/reconciliations/settle-reconciliation";

export type Resolution = "mark_paid" | "mark_not_paid" | "retry";

/** The provider lookup and the settlement of one refund whose payment outcome is unknown. */
export function useReconciliation(actionId: string) {
  const router = useRouter();
  const [lookup, setLookup] = useState<ProviderLookup | null>(null);
  const [note, setNote] = useState("");
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  async function lookUp() {
    setPending(true);
    setOutcome(null);
    const result = await sendJson<ProviderLookup>(`/api/reconciliations/${actionId}/lookup`);
    setPending(false);
    if (result.ok) setLookup(result.data);
    else setOutcome({ tone: "danger", text: describeProblem(result.problem) });
  }

  async function settle(resolution: Resolution) {
    if (note.trim() === "") {
      setOutcome({ tone: "danger", text: "Write what you checked first." });
      return;
    }
    setPending(true);
    setOutcome(null);
    const result = await sendJson<SettledReconciliation>(
      `/api/reconciliations/${actionId}/settlement`,
      { resolution, note: note.trim() },
    );
    setPending(false);
    if (!result.ok) {
      setOutcome({ tone: "danger", text: describeProblem(result.problem) });
      return;
    }
    setOutcome({
      tone: "success",
      text:
        result.data.status === "executed"
          ? "Recorded as paid; the customer has been told."
          : "Recorded as not paid; the customer has been told.",
    });
    router.refresh();
  }

  return { lookup, note, setNote, pending, outcome, lookUp, settle };
}
