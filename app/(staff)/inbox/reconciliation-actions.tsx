"use client";

import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { describeProblem, sendJson } from "@/lib/client/send-json";
import { formatMoney } from "@/lib/domain/money";
import type { ProviderLookup } from "@/lib/server/services/reconciliations/look-up-reconciliation";

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
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);
  const noteId = useId();

  async function lookUp() {
    setPending(true);
    setMessage(null);
    const result = await sendJson<ProviderLookup>(`/api/reconciliations/${actionId}/lookup`);
    setPending(false);
    if (result.ok) setLookup(result.data);
    else setMessage({ error: true, text: describeProblem(result.problem) });
  }

  async function settle(resolution: Resolution) {
    if (note.trim() === "") {
      setMessage({ error: true, text: "Write what you checked first." });
      return;
    }
    setPending(true);
    setMessage(null);
    const result = await sendJson<{ status: string }>(
      `/api/reconciliations/${actionId}/settlement`,
      { resolution, note: note.trim() },
    );
    setPending(false);
    if (result.ok) {
      setMessage({
        error: false,
        text:
          result.data.status === "executed"
            ? "Recorded as paid; the customer has been told."
            : "Recorded as not paid; the customer has been told.",
      });
      router.refresh();
    } else {
      setMessage({ error: true, text: describeProblem(result.problem) });
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
          <label htmlFor={noteId} className="block text-sm font-medium text-slate-900">
            What you checked (required)
          </label>
          <textarea
            id={noteId}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            rows={2}
            maxLength={2000}
            className="block w-full rounded-md border border-slate-400 px-3 py-2 text-sm"
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
      <p
        role="status"
        className={`text-sm ${message?.error ? "font-medium text-red-800" : "text-slate-700"}`}
      >
        {message?.text ?? ""}
      </p>
    </div>
  );
}
