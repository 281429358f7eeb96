"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useOutcomeRequest } from "@/components/ui/use-outcome-request";
import { sendJson } from "@/lib/client/send-json";
import type { ProviderLookup } from "@/lib/server/services/reconciliations/look-up-reconciliation";
import type { SettledReconciliation } from "@/lib/server/services/reconciliations/settle-reconciliation";

export type Resolution = "mark_paid" | "mark_not_paid" | "retry";

/** The provider lookup and the settlement of one refund whose payment outcome is unknown. */
export function useReconciliation(actionId: string) {
  const router = useRouter();
  const [lookup, setLookup] = useState<ProviderLookup | null>(null);
  const [note, setNote] = useState("");
  const { pending, outcome, setOutcome, request } = useOutcomeRequest();

  async function lookUp() {
    // The lookup shows itself; only a failure needs words.
    const result = await request(
      () => sendJson<ProviderLookup>(`/api/reconciliations/${actionId}/lookup`),
      null,
    );
    if (result.ok) setLookup(result.data);
  }

  async function settle(resolution: Resolution) {
    if (note.trim() === "") {
      setOutcome({ tone: "danger", text: "Write what you checked first." });
      return;
    }
    const result = await request(
      () =>
        sendJson<SettledReconciliation>(`/api/reconciliations/${actionId}/settlement`, {
          resolution,
          note: note.trim(),
        }),
      (settled) =>
        settled.status === "executed"
          ? "Recorded as paid; the customer has been told."
          : "Recorded as not paid; the customer has been told.",
    );
    if (result.ok) router.refresh();
  }

  return { lookup, note, setNote, pending, outcome, lookUp, settle };
}
