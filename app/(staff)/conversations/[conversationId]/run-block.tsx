import { Badge, type BadgeTone } from "@/components/ui/badge";
import type { ThreadRun } from "@/lib/server/services/conversations/get-conversation-thread";
import { RunControls } from "./run-controls";
import { RunDetails } from "./run-details";

const runTone: Record<ThreadRun["status"], BadgeTone> = {
  queued: "neutral",
  running: "info",
  waiting: "neutral",
  completed: "success",
  stopped: "warning",
  failed: "danger",
};

/*
 * One agent run: internal work the customer never sees, in the dashed internal lane. It reads as
 * one line (status, tools, what it did); opening it shows every step, each inspectable.
 */
export function RunBlock({
  run,
  canControl,
  onChanged,
}: {
  run: ThreadRun;
  canControl: boolean;
  onChanged: () => void;
}) {
  const titleId = `run-${run.id}-title`;
  // An article, as each message is: one of many in the thread, not a landmark of the page.
  return (
    <article
      aria-labelledby={titleId}
      className="ml-3 rounded-md border border-dashed border-slate-400 bg-slate-50 px-3 py-2 sm:ml-10"
      data-run-id={run.id}
    >
      <details className="group/run">
        <summary className="flex cursor-pointer flex-wrap items-center gap-2 rounded text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700">
          <h3 id={titleId} className="text-xs font-semibold uppercase tracking-wide text-slate-700">
            Internal · agent run
          </h3>
          <Badge tone={runTone[run.status]}>{run.status}</Badge>
          {run.stopRequested && run.status === "running" ? (
            <Badge tone="warning">stop requested</Badge>
          ) : null}
          {run.resumedByProcesses.length > 0 ? (
            <Badge tone="warning">Resumed by another server process</Badge>
          ) : null}
          <span className="min-w-0 break-words text-slate-800" data-testid="run-summary">
            {run.summary.outcome}
            {run.summary.tools.length > 0 ? (
              <span className="text-slate-600"> · tools: {run.summary.tools.join(", ")}</span>
            ) : null}
          </span>
          <span className="text-xs text-blue-800 group-open/run:hidden">show steps</span>
        </summary>
        <RunDetails run={run} />
      </details>
      {canControl ? (
        <div className="mt-2">
          <RunControls
            runId={run.id}
            canStop={run.canStop}
            canResume={run.canResume}
            resumeWithheld={run.resumeWithheld}
            onChanged={onChanged}
          />
        </div>
      ) : null}
    </article>
  );
}
