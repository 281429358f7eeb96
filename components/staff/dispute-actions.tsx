"use client";

import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
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
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);
  const noteId = useId();

  async function send(body: { step: "acknowledge" } | { step: "resolve"; note: string }) {
    setPending(true);
    setMessage(null);
    const result = await sendJson(`/api/disputes/${disputeId}/handling`, body);
    setPending(false);
    if (result.ok) {
      setMessage({
        error: false,
        text: body.step === "acknowledge" ? "Acknowledged." : "Resolved.",
      });
      setResolving(false);
      onChanged?.();
      router.refresh();
    } else {
      setMessage({ error: true, text: describeProblem(result.problem) });
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
              setMessage({ error: true, text: "Say how it was resolved." });
              return;
            }
            void send({ step: "resolve", note: note.trim() });
          }}
        >
          <label htmlFor={noteId} className="block text-sm font-medium text-slate-900">
            How it was resolved (required)
          </label>
          <textarea
            id={noteId}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            rows={2}
            maxLength={2000}
            className="block w-full rounded-md border border-slate-400 px-3 py-2 text-sm"
          />
          <Button type="submit" disabled={pending}>
            Resolve dispute
          </Button>
        </form>
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
