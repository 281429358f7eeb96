"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { describeProblem, sendJson } from "@/lib/client/send-json";
import { RETAINED_KINDS, type RetainedKind, type RetentionCounts } from "@/lib/domain/retention";
import type { RetentionResult } from "@/lib/server/services/retention/apply-retention";

const KIND_LABELS: Record<RetainedKind, string> = {
  closedTranscriptSteps: "Closed-conversation transcript steps",
  runSteps: "Other run steps",
  realtimeEvents: "Realtime events",
  idempotencyReceipts: "Idempotency receipts",
};

type Shown =
  | { tone: "result"; dryRun: boolean; counts: RetentionCounts }
  | { tone: "note" | "danger"; text: string };

/** Dry run counts what a run would delete now; Prune now deletes it and audits the counts. */
export function RetentionRun() {
  const [shown, setShown] = useState<Shown | null>(null);
  const [pending, setPending] = useState<"dry" | "run" | null>(null);

  async function run(dryRun: boolean) {
    setPending(dryRun ? "dry" : "run");
    setShown(null);
    const result = await sendJson<RetentionResult>("/api/settings/retention", { dryRun });
    setPending(null);
    if (!result.ok) {
      setShown({ tone: "danger", text: `Not run. ${describeProblem(result.problem)}` });
    } else if (result.data.outcome === "busy") {
      setShown({ tone: "note", text: "Another instance is pruning right now. Try again shortly." });
    } else {
      setShown({ tone: "result", dryRun, counts: result.data.counts });
    }
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" disabled={pending !== null} onClick={() => void run(true)}>
          {pending === "dry" ? "Counting…" : "Dry run"}
        </Button>
        <Button disabled={pending !== null} onClick={() => void run(false)}>
          {pending === "run" ? "Pruning…" : "Prune now"}
        </Button>
      </div>
      <div role="status" aria-live="polite">
        {shown?.tone === "result" ? (
          <table className="w-full max-w-md text-sm">
            <caption className="mb-2 text-left font-medium text-slate-900">
              {shown.dryRun ? "A run now would delete" : "Deleted"}
            </caption>
            <tbody>
              {RETAINED_KINDS.map((kind) => (
                <tr key={kind} className="border-t border-slate-200">
                  <th scope="row" className="py-1.5 pr-4 text-left font-normal text-slate-700">
                    {KIND_LABELS[kind]}
                  </th>
                  <td className="py-1.5 text-right tabular-nums" data-kind={kind}>
                    {shown.counts[kind]}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : shown ? (
          <p className={`text-sm ${shown.tone === "danger" ? "text-red-800" : "text-slate-700"}`}>
            {shown.text}
          </p>
        ) : null}
      </div>
    </div>
  );
}
