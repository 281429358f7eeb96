"use client";

import { useEffect, useRef, useState } from "react";
import { Button, buttonClassName } from "@/components/ui/button";
import type { Outcome } from "@/components/ui/form-message";
import { describeProblem } from "@/lib/client/send-json";
import type { PaymentConnectionView } from "@/lib/server/services/connections/payment-connection-view";
import { sendRequest } from "./send-request";

/** Test connection, Replace keys and Remove (asked twice) for one connection; admins only. */
export function ConnectionActions({
  connectionId,
  onReplace,
  onOutcome,
}: {
  connectionId: string;
  onReplace: () => void;
  onOutcome: (outcome: Outcome) => void;
}) {
  const [pending, setPending] = useState<"test" | "remove" | null>(null);
  const [confirming, setConfirming] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const url = `/api/settings/connections/${encodeURIComponent(connectionId)}`;

  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);

  async function test() {
    setPending("test");
    const result = await sendRequest<PaymentConnectionView>("POST", `${url}/test`);
    setPending(null);
    if (!result.ok) return onOutcome({ tone: "danger", text: describeProblem(result.problem) });
    const { health, healthDetail } = result.data;
    onOutcome(
      health === "healthy"
        ? { tone: "success", text: `Connection works. ${healthDetail ?? ""}`.trim() }
        : { tone: "danger", text: `Connection failing: ${healthDetail ?? "no reason given"}` },
    );
  }

  async function remove() {
    setPending("remove");
    const result = await sendRequest<null>("DELETE", url);
    setPending(null);
    setConfirming(false);
    onOutcome(
      result.ok
        ? { tone: "success", text: "Stripe disconnected: refunds go through the built-in ledger." }
        : { tone: "danger", text: `Not removed. ${describeProblem(result.problem)}` },
    );
  }

  if (confirming) {
    return (
      <div className="space-y-3 rounded-md border border-red-200 bg-red-50 p-3">
        <p className="text-sm text-red-900">
          Remove this Stripe connection? New refunds will go through the built-in ledger. It cannot
          be removed while a refund through it is still pending or waiting for reconciliation.
        </p>
        <div className="flex flex-wrap gap-3">
          <button
            type="button"
            ref={confirmRef}
            className={buttonClassName("primary")}
            onClick={() => void remove()}
            disabled={pending !== null}
          >
            {pending === "remove" ? "Removing…" : "Yes, remove"}
          </button>
          <Button
            variant="secondary"
            onClick={() => setConfirming(false)}
            disabled={pending !== null}
          >
            Keep it
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className="flex flex-wrap gap-3">
      <Button onClick={() => void test()} disabled={pending !== null}>
        {pending === "test" ? "Testing…" : "Test connection"}
      </Button>
      <Button variant="secondary" onClick={onReplace} disabled={pending !== null}>
        Replace keys
      </Button>
      <Button variant="secondary" onClick={() => setConfirming(true)} disabled={pending !== null}>
        Remove
      </Button>
    </div>
  );
}
