"use client";

import { useId, useState } from "react";
import { sendRequest } from "@/components/settings/send-request";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/controls";
import { type Outcome, OutcomeMessages } from "@/components/ui/form-message";
import { describeProblem } from "@/lib/client/send-json";
import type { PolicyPublished } from "@/lib/server/services/policies/publish-policy-draft";

/** "2026-12-24T00:00" from a date field, as the instant it names in this browser's time zone. */
function instantOf(local: string): string | undefined {
  if (local === "") return undefined;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/**
 * Publishing the saved draft, now or in a window. `blockedBecause` says why it cannot go out yet
 * (no dry run of these terms); the button stays disabled and the reason is read with it.
 */
export function PolicyPublishPanel({
  workspaceId,
  blockedBecause,
  onPublished,
}: {
  workspaceId: string;
  blockedBecause: string | null;
  onPublished: (published: PolicyPublished) => void;
}) {
  const [when, setWhen] = useState<"now" | "scheduled">("now");
  const [from, setFrom] = useState("");
  const [until, setUntil] = useState("");
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const ids = { reason: useId(), status: useId(), alert: useId(), when: useId() };

  async function publish() {
    setOutcome(null);
    if (when === "scheduled" && instantOf(from) === undefined) {
      setOutcome({ tone: "danger", text: "Choose the date and time the version starts." });
      return;
    }
    setPending(true);
    const result = await sendRequest<PolicyPublished>("POST", "/api/policies/publish", {
      workspaceId,
      ...(when === "scheduled" && { effectiveFrom: instantOf(from) }),
      ...(instantOf(until) !== undefined && { effectiveUntil: instantOf(until) }),
    });
    setPending(false);
    if (!result.ok) {
      setOutcome({ tone: "danger", text: `Not published. ${describeProblem(result.problem)}` });
      return;
    }
    setOutcome({ tone: "success", text: `Published ${result.data.version}.` });
    onPublished(result.data);
  }

  return (
    <div className="space-y-4">
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-900">When it applies</legend>
        {(
          [
            ["now", "From now"],
            ["scheduled", "From a date"],
          ] as const
        ).map(([value, label]) => (
          <div key={value} className="flex items-center gap-2">
            <input
              type="radio"
              id={`${ids.when}-${value}`}
              name="publishWhen"
              value={value}
              checked={when === value}
              onChange={() => setWhen(value)}
              className="size-5"
            />
            <label htmlFor={`${ids.when}-${value}`} className="text-sm text-slate-900">
              {label}
            </label>
          </div>
        ))}
      </fieldset>
      <div className="flex flex-wrap gap-4">
        {when === "scheduled" ? (
          <TextField
            label="Starts"
            type="datetime-local"
            name="effectiveFrom"
            value={from}
            onChange={(event) => setFrom(event.target.value)}
            className="w-60"
          />
        ) : null}
        <TextField
          label="Ends (optional)"
          hint="For a holiday window: after it, the version before applies again."
          type="datetime-local"
          name="effectiveUntil"
          value={until}
          onChange={(event) => setUntil(event.target.value)}
          className="w-60"
        />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button
          disabled={blockedBecause !== null || pending}
          aria-describedby={blockedBecause ? ids.reason : undefined}
          onClick={() => void publish()}
        >
          {pending ? "Publishing…" : "Publish"}
        </Button>
        <OutcomeMessages statusId={ids.status} alertId={ids.alert} outcome={outcome} />
      </div>
      {blockedBecause ? (
        <p id={ids.reason} className="max-w-prose text-sm text-slate-700">
          {blockedBecause}
        </p>
      ) : null}
    </div>
  );
}
