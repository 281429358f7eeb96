import { Badge } from "@/components/ui/badge";
import type {
  ThreadRun,
  ThreadStep,
} from "@/lib/server/services/conversations/get-conversation-thread";
import { clockTime, shortProcessId, stepTokens } from "./format-run";

/** One stored step of a run: what the model said, or a tool call with its arguments and result. */
export function RunStep({ step, run }: { step: ThreadStep; run: ThreadRun }) {
  const meta = (
    <p className="text-xs text-slate-600">
      #{step.sequence} · <time dateTime={step.at}>{clockTime(step.at)}</time> · {step.provider} ·{" "}
      {step.model}
      {stepTokens(step)}
      {step.processId !== run.startedByProcess
        ? ` · process ${shortProcessId(step.processId)}`
        : ""}
    </p>
  );
  return (
    <li className="space-y-1">
      {meta}
      {step.kind === "model_output" ? <ModelOutput step={step} /> : <ToolCall step={step} />}
    </li>
  );
}

function ModelOutput({ step }: { step: ThreadStep }) {
  return (
    <>
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
    </>
  );
}

const codeBlock =
  "max-h-64 overflow-auto whitespace-pre-wrap break-words rounded bg-slate-50 p-2 font-mono text-xs text-slate-900";
const codeHeading = "text-xs font-semibold uppercase tracking-wide text-slate-600";

function ToolCall({ step }: { step: ThreadStep }) {
  return (
    <>
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
          <h5 className={codeHeading}>Arguments</h5>
          <pre className={codeBlock}>{step.toolArgs ?? "{}"}</pre>
          <h5 className={codeHeading}>Result</h5>
          <pre className={codeBlock}>{step.toolResult ?? "—"}</pre>
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
    </>
  );
}
