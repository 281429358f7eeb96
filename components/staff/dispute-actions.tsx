"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { TextAreaField } from "@/components/ui/controls";
import { FormStatus } from "@/components/ui/form-message";
import { SubmitButton } from "@/components/ui/submit-button";
import { useOutcomeRequest } from "@/components/ui/use-outcome-request";
import { sendJson } from "@/lib/client/send-json";

type HandlingStep = { step: "acknowledge" } | { step: "resolve"; note: string };

/*
 * The billing team's buttons on a dispute: acknowledge it, or resolve it with a note saying how.
 * Whatever billing decides, a person tells the customer; the agent never promises a credit.
 */
export function DisputeActions({
  disputeId,
  status,
  onChanged,
}: {
  disputeId: string;
  status: "open" | "acknowledged" | "resolved";
  onChanged?: () => void;
}) {
  const router = useRouter();
  const [resolving, setResolving] = useState(false);
  const [note, setNote] = useState("");
  const { pending, outcome, setOutcome, request } = useOutcomeRequest();

  async function send(body: HandlingStep) {
    const done = body.step === "acknowledge" ? "Acknowledged." : "Resolved.";
    const result = await request(() => sendJson(`/api/disputes/${disputeId}/handling`, body), done);
    if (!result.ok) return;
    setResolving(false);
    onChanged?.();
    router.refresh();
  }

  if (status === "resolved") return null;
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        {status === "open" ? (
          <Button
            variant="secondary"
            disabled={pending}
            onClick={() => send({ step: "acknowledge" })}
          >
            Acknowledge
          </Button>
        ) : null}
        {resolving ? null : (
          <Button variant="secondary" disabled={pending} onClick={() => setResolving(true)}>
            Resolve…
          </Button>
        )}
      </div>
      {resolving ? (
        <form
          className="space-y-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (note.trim() === "") {
              setOutcome({ tone: "danger", text: "Say how it was resolved." });
              return;
            }
            void send({ step: "resolve", note: note.trim() });
          }}
        >
          <TextAreaField
            label="How it was resolved (required)"
            value={note}
            onChange={(event) => setNote(event.target.value)}
            rows={2}
            maxLength={2000}
          />
          <SubmitButton pending={pending}>Resolve dispute</SubmitButton>
        </form>
      ) : null}
      <FormStatus outcome={outcome} />
    </div>
  );
}
