"use client";

import { useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/controls";
import { FormStatus } from "@/components/ui/form-message";
import { useOutcomeRequest } from "@/components/ui/use-outcome-request";
import { sendJson } from "@/lib/client/send-json";
import type { TicketSlaView } from "@/lib/server/services/sla/get-ticket-sla";

/** Pause the ticket's SLA with a reason (required), or resume it. */
export function SlaPauseControl({
  conversationId,
  sla,
  onChanged,
}: {
  conversationId: string;
  sla: TicketSlaView;
  onChanged: () => void;
}) {
  const { pending, outcome, request } = useOutcomeRequest();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | undefined>();
  const formId = useId();
  const reasonField = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (open) reasonField.current?.focus();
  }, [open]);
  const running = [sla.firstReply, sla.resolution].some(
    (clock) => clock.state !== "off" && clock.state !== "met",
  );
  if (!sla.pause && !running) return null;

  async function send(path: "pause" | "resume", body: unknown, done: string) {
    const result = await request(
      () => sendJson(`/api/conversations/${conversationId}/sla/${path}`, body),
      done,
    );
    if (result.ok) {
      setOpen(false);
      setReason("");
      onChanged();
    }
  }

  if (sla.pause) {
    return (
      <div className="space-y-1">
        <Button
          type="button"
          variant="secondary"
          disabled={pending}
          onClick={() => void send("resume", undefined, "SLA resumed.")}
        >
          Resume SLA
        </Button>
        <FormStatus outcome={outcome} />
      </div>
    );
  }

  return (
    <div className="space-y-2">
      {open ? (
        <form
          id={formId}
          aria-label="Pause the SLA"
          noValidate
          className="flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (reason.trim().length < 3) {
              setError("Say why the SLA waits, in a few words.");
              return;
            }
            setError(undefined);
            void send("pause", { reason: reason.trim() }, "SLA paused.");
          }}
        >
          <TextField
            label="Why pause the SLA?"
            name="reason"
            value={reason}
            maxLength={200}
            ref={reasonField}
            error={error}
            placeholder="Waiting for the carrier"
            fieldClassName="min-w-0 flex-1 basis-56"
            onChange={(event) => setReason(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Escape") setOpen(false);
            }}
          />
          <Button type="submit" disabled={pending}>
            Pause SLA
          </Button>
          <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
            Cancel
          </Button>
        </form>
      ) : (
        <Button type="button" variant="secondary" onClick={() => setOpen(true)}>
          Pause SLA…
        </Button>
      )}
      <FormStatus outcome={outcome} />
    </div>
  );
}
