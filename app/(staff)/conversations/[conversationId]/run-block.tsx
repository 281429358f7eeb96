import { Badge, type BadgeTone } from "@/components/ui/badge";
import type {
  ThreadRun,
  ThreadStep,
} from "@/lib/server/services/conversations/get-conversation-thread";
import { clockTime, formatUsage, shortProcessId } from "./format-run";
import { RunControls } from "./run-controls";

const runTone: Record<ThreadRun["status"], BadgeTone> = {
  queued: "neutral",
  running: "info",
  waiting: "neutral",
  completed: "success",
  stopped: "warning",
  failed: "danger",
};

function StepItem({ step, run }: { step: ThreadStep; run: ThreadRun }) {
  const meta = (
    <p className="text-xs text-slate-600">
      #{step.sequence} · <time dateTime={step.at}>{clockTime(step.at)}</time> · {step.provider} ·{" "}
      {step.model}
      {step.kind === "model_output" && !step.usageReported
        ? " · tokens not reported"
        : step.inputTokens + step.outputTokens > 0
          ? ` · ${step.inputTokens} in / ${step.outputTokens} out tokens`
          : ""}
      {step.processId !== run.startedByProcess
        ? ` · process ${shortProcessId(step.processId)}`
        : ""}
    </p>
  );

  if (step.kind === "model_output") {
    return (
      <li className="space-y-1">
        {meta}
        {step.reasoning ? (
          <p className="whitespace-pre-wrap break-words text-sm italic text-slate-700">
            <span className="not-italic font-medium">Reasoning summary: </span>
            {step.reasoning}
          </p>
        ) : null}
        {step.text ? (
          <p className="whitespace-pre-wrap break-words text-sm text-slate-900">
            <span className="font-medium">Model: </span>
            {step.text}
          </p>
        ) : null}
        {!step.text && !step.reasoning ? (
          <p className="text-sm text-slate-600">
            Model finished{step.finishReason ? ` (${step.finishReason})` : ""}.
          </p>
        ) : null}
      </li>
    );
  }

  return (
    <li className="space-y-1">
      {meta}
      <details className="group rounded-md border border-slate-200 bg-white">
        <summary className="flex cursor-pointer flex-wrap items-center gap-2 px-3 py-2 text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700">
          <span className="font-mono font-medium text-slate-900">{step.toolName}</span>
          {step.toolResult === null ? (
            <Badge tone="neutral">no result yet</Badge>
          ) : step.toolFailed ? (
            <Badge tone="danger">tool error</Badge>
          ) : (
            <Badge tone="success">ok</Badge>
          )}
          <span className="text-xs text-slate-600 group-open:hidden">
            show arguments and result
          </span>
        </summary>
        <div className="space-y-2 border-t border-slate-200 px-3 py-2">
          <h5 className="text-xs font-semibold uppercase tracking-wide text-slate-600">
            Arguments
          </h5>
          <pre className="max-h-64 overflow-auto whitespace-pre-wrap break-words rounded bg-slate-50 p-2 font-mono text-xs text-slate-900">
            {step.toolArgs ?? "{}"}
          </pre>
          <h5 className="text-xs font-semibold uppercase tracking-wide text-slate-600">Result</h5>
          <pre className="max-h-64 overflow-auto whitespace-pre-wrap break-words rounded bg-slate-50 p-2 font-mono text-xs text-slate-900">
            {step.toolResult ?? "—"}
          </pre>
        </div>
      </details>
      {step.policyFacts.length > 0 ? (
        <ul className="flex flex-wrap gap-1.5" aria-label="Policy facts">
          {step.policyFacts.map((chip) => (
            <li key={chip.label}>
              <Badge tone={chip.tone}>{chip.label}</Badge>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

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
  return (
    <section
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
              {run.status === "queued"
                ? "Waiting for a server process to pick it up…"
                : "No steps."}
            </p>
          ) : (
            <ol className="mt-2 space-y-3 border-l-2 border-slate-300 pl-3">
              {run.steps.map((step) => (
                <StepItem key={step.id} step={step} run={run} />
              ))}
            </ol>
          )}
        </div>
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
    </section>
  );
}
