"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { OutcomeMessages } from "@/components/ui/form-message";
import type { PaymentConnectionView } from "@/lib/server/services/connections/payment-connection-view";
import { ConnectionActions } from "./connection-actions";
import { ConnectionDetails } from "./connection-details";
import { ConnectionKeysForm } from "./connection-keys-form";
import type { ProviderForm } from "./provider-forms";

/*
 * One workspace's connection to one provider (Stripe, Shopify): the keys form while there is none
 * (or while an admin replaces them), its details otherwise. What each action did is announced in
 * one live region that outlives the form and the details swapping places.
 */
export function ConnectionCard({
  workspaceId,
  form,
  connection,
  canChange,
  now,
}: {
  workspaceId: string;
  form: ProviderForm;
  connection: PaymentConnectionView | null;
  canChange: boolean;
  now: Date;
}) {
  const router = useRouter();
  const [replacing, setReplacing] = useState(false);
  const [outcome, setOutcome] = useState<{ tone: "success" | "danger"; text: string } | null>(null);
  const showForm = canChange && (connection === null || replacing);

  return (
    <div className="space-y-4">
      <OutcomeMessages outcome={outcome} />
      {connection === null && !canChange ? (
        <p className="text-sm text-slate-700">{form.notConnected}</p>
      ) : null}
      {showForm ? (
        <ConnectionKeysForm
          workspaceId={workspaceId}
          form={form}
          onCancel={connection ? () => setReplacing(false) : undefined}
          onSaved={(saved) => {
            setReplacing(false);
            const mode = form.provider === "stripe" ? ` (${saved.connection.mode} mode)` : "";
            setOutcome({
              tone: "success",
              text: `${saved.replaced ? "Keys replaced" : `${form.label} connected`}${mode}. Test the connection next.`,
            });
            router.refresh();
          }}
        />
      ) : null}
      {connection && !replacing ? (
        <>
          <ConnectionDetails connection={connection} form={form} now={now} />
          {canChange ? (
            <ConnectionActions
              connectionId={connection.id}
              onReplace={() => {
                setOutcome(null);
                setReplacing(true);
              }}
              onOutcome={(next) => {
                setOutcome(next);
                router.refresh();
              }}
            />
          ) : null}
        </>
      ) : null}
    </div>
  );
}
