"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { OutcomeMessages } from "@/components/ui/form-message";
import type { PaymentConnectionView } from "@/lib/server/services/connections/payment-connection-view";
import { ConnectionActions } from "./connection-actions";
import { StripeConnectionDetails } from "./stripe-connection-details";
import { StripeKeysForm } from "./stripe-keys-form";

/*
 * One workspace's Stripe connection: the keys form while there is none (or while an admin
 * replaces them), its details otherwise. What each action did is announced in one live region
 * that outlives the form and the details swapping places.
 */
export function StripeConnectionCard({
  workspaceId,
  connection,
  canChange,
  now,
}: {
  workspaceId: string;
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
        <p className="text-sm text-slate-700">
          Not connected: refunds go through the built-in ledger. An admin can connect Stripe here.
        </p>
      ) : null}
      {showForm ? (
        <StripeKeysForm
          workspaceId={workspaceId}
          onCancel={connection ? () => setReplacing(false) : undefined}
          onSaved={(saved) => {
            setReplacing(false);
            setOutcome({
              tone: "success",
              text: `${saved.replaced ? "Keys replaced" : "Stripe connected"} (${saved.connection.mode} mode). Test the connection next.`,
            });
            router.refresh();
          }}
        />
      ) : null}
      {connection && !replacing ? (
        <>
          <StripeConnectionDetails connection={connection} now={now} />
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
