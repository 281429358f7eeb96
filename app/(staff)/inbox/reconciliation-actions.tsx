"use client";

import { Button } from "@/components/ui/button";
import { TextAreaField } from "@/components/ui/controls";
import { FormStatus } from "@/components/ui/form-message";
import { describeProviderLookup } from "@/lib/client/describe-provider-lookup";
import { type Resolution, useReconciliation } from "./use-reconciliation";

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
  const { lookup, note, setNote, pending, outcome, lookUp, settle } = useReconciliation(actionId);
  return (
    <div className="min-w-64 space-y-2">
      <Button variant="secondary" disabled={pending} onClick={() => void lookUp()}>
        Look up at the provider
      </Button>
      {lookup ? (
        <>
          <p className="text-sm text-slate-900" data-testid="provider-lookup">
            {describeProviderLookup(lookup)}
          </p>
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
        </>
      ) : null}
      <FormStatus outcome={outcome} />
    </div>
  );
}
