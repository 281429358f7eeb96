/** Model cost is stored in micro-USD (an integer); shown with enough places to be non-zero. */
export function formatMicroUsd(costMicroUsd: number): string {
  if (costMicroUsd === 0) return "$0.00";
  const usd = costMicroUsd / 1_000_000;
  return usd >= 0.01 ? `$${usd.toFixed(2)}` : `$${usd.toFixed(6).replace(/0+$/, "")}`;
}

/** A stable, zone-free clock time (UTC) so server and browser render the same text. */
export function clockTime(iso: string): string {
  return `${iso.slice(11, 19)} UTC`;
}

/** "host:pid:random" → "host:pid", enough to tell two server processes apart on screen. */
export function shortProcessId(processId: string): string {
  return processId.split(":").slice(0, 2).join(":");
}

/**
 * Tokens and cost as known: a server that sent no usage leaves them unknown, which must not read
 * as "0 tokens, $0.00". `unreported` counts the model outputs without usage.
 */
export function formatUsage(usage: {
  inputTokens: number;
  outputTokens: number;
  costMicroUsd: number;
  unreported: number;
  modelOutputs: number;
}): string {
  if (usage.modelOutputs > 0 && usage.unreported >= usage.modelOutputs) {
    return "tokens and cost not reported by the model server";
  }
  const known = `${usage.inputTokens} in / ${usage.outputTokens} out tokens · ${formatMicroUsd(usage.costMicroUsd)}`;
  return usage.unreported > 0
    ? `${known} (usage not reported for ${usage.unreported} model ${usage.unreported === 1 ? "step" : "steps"})`
    : known;
}

/** A step's tokens as known, or that they were not reported; nothing for a step that used none. */
export function stepTokens(step: {
  kind: "model_output" | "tool_call";
  usageReported: boolean;
  inputTokens: number;
  outputTokens: number;
}): string {
  if (step.kind === "model_output" && !step.usageReported) return " · tokens not reported";
  if (step.inputTokens + step.outputTokens === 0) return "";
  return ` · ${step.inputTokens} in / ${step.outputTokens} out tokens`;
}
