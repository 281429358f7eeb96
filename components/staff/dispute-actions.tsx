"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { TextAreaField } from "@/components/ui/controls";
import { FormStatus, type Outcome } from "@/components/ui/form-message";
import { SubmitButton } from "@/components/ui/submit-button";
import { describeProblem, sendJson } from "@/lib/client/send-json";

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
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  async function send(body: { step: "acknowledge" } | { step: "resolve"; note: string }) {
    setPending(true);
    setOutcome(null);
    const result = await sendJson(`/api/disputes/${disputeId}/handling`, body);
    setPending(false);
    if (result.ok) {
      setOutcome({
        tone: "success",
        text: body.step === "acknowledge" ? "Acknowledged." : "Resolved.",
      });
      setResolving(false);
      onChanged?.();
      router.refresh();
    } else {
      setOutcome({ tone: "danger", text: describeProblem(result.problem) });
    }
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
