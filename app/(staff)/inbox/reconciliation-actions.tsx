"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { TextAreaField } from "@/components/ui/controls";
import { FormStatus, type Outcome } from "@/components/ui/form-message";
import { describeProblem, sendJson } from "@/lib/client/send-json";
import { formatMoney } from "@/lib/domain/money";
import type { ProviderLookup } from "@/lib/server/services/reconciliations/look-up-reconciliation";
import type { SettledReconciliation } from "@/lib/server/services/reconciliations/settle-reconciliation";

type Resolution = "mark_paid" | "mark_not_paid" | "retry";

const RESOLUTIONS: { resolution: Resolution; label: string }[] = [
  { resolution: "mark_paid", label: "Mark paid" },
  { resolution: "mark_not_paid", label: "Mark not paid" },
  { resolution: "retry", label: "Retry with the same key" },
];

/*
 * Settling a payment whose outcome is unknown: first ask the provider what it holds under the
 * refund's idempotency key, then settle with a note saying what was checked. The server asks the
 * provider again before it records anything, so a stale lookup cannot book the wrong outcome.
 */
export function ReconciliationActions({ actionId }: { actionId: string }) {
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
    if (result.ok) {
      setOutcome({
        tone: "success",
        text:
          result.data.status === "executed"
            ? "Recorded as paid; the customer has been told."
            : "Recorded as not paid; the customer has been told.",
      });
      router.refresh();
    } else {
      setOutcome({ tone: "danger", text: describeProblem(result.problem) });
    }
  }

  return (
    <div className="min-w-64 space-y-2">
      <Button variant="secondary" disabled={pending} onClick={() => void lookUp()}>
        Look up at the provider
      </Button>
      {lookup ? (
        <p className="text-sm text-slate-900" data-testid="provider-lookup">
          {lookup.refund
            ? `${lookup.provider} holds refund ${lookup.refund.providerRefundId} (${lookup.refund.status}, ${formatMoney(lookup.refund.amountCents, lookup.refund.currency)}) under ${lookup.idempotencyKey}.`
            : `${lookup.provider} holds no refund under ${lookup.idempotencyKey}: no money moved.`}
        </p>
      ) : null}
      {lookup ? (
        <div className="space-y-2">
          <TextAreaField
            label="What you checked (required)"
            value={note}
            onChange={(event) => setNote(event.target.value)}
            rows={2}
            maxLength={2000}
          />
          <div className="flex flex-wrap gap-2">
            {RESOLUTIONS.map(({ resolution, label }) => (
              <Button
                key={resolution}
                variant="secondary"
                disabled={pending}
                onClick={() => void settle(resolution)}
              >
                {label}
              </Button>
            ))}
          </div>
        </div>
      ) : null}
      <FormStatus outcome={outcome} />
    </div>
  );
}
