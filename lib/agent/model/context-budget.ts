import type { ModelRequest, TranscriptItem } from "./provider";

/*
 * Keeps a request within the model's context. Tokens are estimated, not counted: every server
 * tokenizes with its own model's vocabulary (Qwen, Llama, Gemma, GPT…), which no tokenizer here
 * knows, so the estimate is one token per 3 bytes of UTF-8 — above the real count for English
 * and JSON (about 4 bytes a token) and for most other scripts — plus a few tokens a turn for the
 * chat template. Room is left for the answer.
 *
 * When the request is too long, code trims it, never the model: first the results of older tool
 * calls (not those answering the latest step) are replaced by a one-line notice, oldest first;
 * then the oldest turns are left out, a tool call always with its results, behind a note saying
 * so. Always kept: the system prompt, the state note, the latest customer message and everything
 * after it, and every item about an open quote (a refund that is not yet settled).
 */

export const BYTES_PER_TOKEN = 3;
const TOKENS_PER_TURN = 8;
const utf8 = new TextEncoder();

export function estimateTokens(text: string): number {
  return Math.ceil(utf8.encode(text).length / BYTES_PER_TOKEN);
}

/** The part of the context a request may use: the rest is left for the answer. */
export function requestBudgetTokens(contextTokens: number): number {
  return contextTokens - Math.min(2048, Math.floor(contextTokens / 4));
}

const SETTLED = new Set(["executed", "declined", "rejected", "expired", "superseded", "failed"]);

export type FittedTranscript = { transcript: TranscriptItem[]; trimmed: boolean };

export function fitToContextBudget(
  request: BudgetedRequest & Pick<ModelRequest, "state">,
  budgetTokens: number,
): FittedTranscript {
  const available = budgetTokens - fixedTokens(request);
  let items = [...request.transcript];
  const size = () => items.reduce((sum, item) => sum + itemTokens(item), 0);
  if (size() <= available) return { transcript: items, trimmed: false };

  const openIds = request.state.actions
    .filter((action) => !SETTLED.has(action.status))
    .map((action) => action.id);
  const isProtected = (item: TranscriptItem) =>
    openIds.some((id) => JSON.stringify(item).includes(id));
  const latestStep = items.findLastIndex((item) => item.kind === "assistant");

  for (let index = 0; index < latestStep && size() > available; index += 1) {
    const item = items[index] as TranscriptItem;
    if (item.kind !== "tool_result" || isProtected(item)) continue;
    const omitted = omittedResult(item.toolName);
    if (omitted.length < item.resultJson.length) items[index] = { ...item, resultJson: omitted };
  }

  const keepFrom = Math.max(
    items.findLastIndex((item) => item.kind === "customer"),
    0,
  );
  const leftOut = new Set<number>();
  // Room for the note saying what was left out.
  const note = itemTokens(leftOutNote(items.length));
  let remaining = size();
  for (let index = 0; index < keepFrom && remaining + note > available; index += 1) {
    if (leftOut.has(index) || items[index]?.kind === "tool_result") continue;
    const block = blockAt(items, index);
    const keep = block.some(
      (member) => member >= keepFrom || isProtected(items[member] as TranscriptItem),
    );
    if (keep) continue;
    for (const member of block) {
      leftOut.add(member);
      remaining -= itemTokens(items[member] as TranscriptItem);
    }
  }
  const left = leftOut.size;
  items = items.filter((_item, index) => !leftOut.has(index));
  if (left > 0) items.unshift(leftOutNote(left));
  return { transcript: items, trimmed: true };
}

type BudgetedRequest = Pick<ModelRequest, "system" | "stateNote" | "tools" | "transcript">;

/** The estimated size of a request: what the budget is held to. */
export function estimateRequestTokens(request: BudgetedRequest): number {
  return fixedTokens(request) + request.transcript.reduce((sum, item) => sum + itemTokens(item), 0);
}

function fixedTokens(request: Omit<BudgetedRequest, "transcript">): number {
  return (
    estimateTokens(request.system) +
    estimateTokens(request.stateNote ?? "") +
    estimateTokens(JSON.stringify(request.tools)) +
    2 * TOKENS_PER_TURN
  );
}

function itemTokens(item: TranscriptItem): number {
  switch (item.kind) {
    case "assistant":
      return TOKENS_PER_TURN + estimateTokens(item.text + JSON.stringify(item.toolCalls));
    case "tool_result":
      return TOKENS_PER_TURN + estimateTokens(item.resultJson);
    default:
      return TOKENS_PER_TURN + estimateTokens(item.text);
  }
}

// An assistant turn leaves with the results of its calls (a result without its call is refused
// by every server); a result whose call already left goes on its own.
function blockAt(items: readonly TranscriptItem[], start: number): number[] {
  const first = items[start] as TranscriptItem;
  if (first.kind !== "assistant") return [start];
  const callIds = new Set(first.toolCalls.map((call) => call.id));
  const results = items.flatMap((item, index) =>
    item.kind === "tool_result" && callIds.has(item.toolCallId) ? [index] : [],
  );
  return [start, ...results];
}

function omittedResult(toolName: string): string {
  return JSON.stringify({
    omitted: `An earlier ${toolName} result, left out to fit the model's context. Call ${toolName} again if you need it.`,
  });
}

function leftOutNote(count: number): TranscriptItem {
  return {
    kind: "system_note",
    messageId: "context-budget",
    text: `${count} earlier item${count === 1 ? "" : "s"} of this conversation were left out to fit the model's context.`,
  };
}

/**
 * The request as sent to a model with `contextTokens` of context (undefined: no limit known). A
 * trimmed transcript is sent whole: continuing a stored response would keep what was left out.
 */
export function withinContext(
  request: ModelRequest,
  contextTokens: number | undefined,
): ModelRequest {
  if (contextTokens === undefined) return request;
  const fitted = fitToContextBudget(request, requestBudgetTokens(contextTokens));
  if (!fitted.trimmed) return request;
  const { previousResponseId: _continued, ...whole } = request;
  return { ...whole, transcript: fitted.transcript };
}
