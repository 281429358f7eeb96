import type { ThreadRun } from "@/lib/server/services/conversations/get-conversation-thread";
import { formatUsage, shortProcessId } from "./format-run";
import { RunStep } from "./run-step";

/** Who ran it, what it cost, and every step in order. */
export function RunDetails({ run }: { run: ThreadRun }) {
  return (
    <div className="mt-2 space-y-1">
      <p className="text-xs text-slate-700">
        {run.provider} · {run.model} ·{" "}
        {formatUsage({
          ...run,
          unreported: run.usageUnreportedSteps,
          modelOutputs: run.steps.filter((step) => step.kind === "model_output").length,
        })}
        {run.startedByProcess ? ` · started by ${shortProcessId(run.startedByProcess)}` : ""}
        {run.resumedByProcesses.length > 0
          ? ` · continued by ${run.resumedByProcesses.map(shortProcessId).join(", ")}`
          : ""}
      </p>
      {run.error ? <p className="text-sm text-red-800">Error: {run.error}</p> : null}
      {run.steps.length === 0 ? (
        <p className="text-sm text-slate-600">
          {run.status === "queued" ? "Waiting for a server process to pick it up…" : "No steps."}
        </p>
      ) : (
        <ol className="mt-2 space-y-3 border-l-2 border-slate-300 pl-3">
          {run.steps.map((step) => (
            <RunStep key={step.id} step={step} run={run} />
          ))}
        </ol>
      )}
    </div>
  );
}
