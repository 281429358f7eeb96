import { APIConnectionError, APIError, APIUserAbortError } from "openai";
import { type ModelEvent, ModelProviderError, ModelStreamError } from "./provider";

export type RetryOptions = {
  maxRetries: number;
  baseDelayMs: number;
  signal: AbortSignal;
};

/*
 * Retries a streamed request that failed before its first event. Once events have arrived the
 * customer may have seen a preview (or a tool call was streamed), so a connection that breaks is
 * surfaced to the turn loop, which keeps the run resumable from its last stored step. One failure
 * is retried even then: an error event the server sends in the stream after HTTP 200 (llama.cpp's
 * `data: {"error":{"code":500,…}}`). Nothing of a model step is stored before it finishes, so the
 * consumer is told with a `restart` event to drop what arrived and the request is asked again,
 * within the same bounded number of retries.
 */
export async function* retryBeforeFirstEvent(
  open: () => AsyncIterable<ModelEvent>,
  options: RetryOptions,
): AsyncIterable<ModelEvent> {
  for (let attempt = 0; ; attempt += 1) {
    let started = false;
    try {
      for await (const event of open()) {
        started = true;
        yield event;
      }
      return;
    } catch (error) {
      if (options.signal.aborted || error instanceof APIUserAbortError) throw error;
      const retryable = isRetryable(error);
      const restartable = started && isErrorEventInStream(error);
      if ((started && !restartable) || !retryable || attempt >= options.maxRetries) {
        throw toProviderError(error, retryable);
      }
      await sleep(backoffMs(attempt, options.baseDelayMs, error), options.signal);
      if (started) yield { type: "restart", reason: toProviderError(error, true).message };
    }
  }
}

// The SDK raises an error event inside a 200 stream as an APIError without an HTTP status; the
// Responses providers raise theirs as a ModelStreamError.
function isErrorEventInStream(error: unknown): boolean {
  if (error instanceof ModelStreamError) return true;
  return error instanceof APIError && !(error instanceof APIConnectionError) && !error.status;
}

function isRetryable(error: unknown): boolean {
  if (error instanceof APIConnectionError) return true;
  if (error instanceof ModelProviderError) return error.retryable;
  if (error instanceof APIError && !error.status) return !isClientErrorCode(error.code);
  if (error instanceof APIError) {
    const status = error.status ?? 0;
    // 501 Not Implemented is an answer about a feature (vLLM and `store`), not a busy server.
    return status === 408 || status === 409 || status === 429 || (status >= 500 && status !== 501);
  }
  return false;
}

// An error event carries the status the server would have answered with, when it has one: a 4xx
// there is the request's fault and is not asked again.
function isClientErrorCode(code: unknown): boolean {
  const status = Number(code);
  return (
    Number.isInteger(status) && status >= 400 && status < 500 && status !== 408 && status !== 429
  );
}

function toProviderError(error: unknown, retryable: boolean): ModelProviderError {
  if (error instanceof ModelProviderError) return error;
  const status = error instanceof APIError ? error.status : undefined;
  const message = error instanceof Error ? error.message : String(error);
  return new ModelProviderError(message, retryable, status);
}

// Exponential with full jitter, but a server's Retry-After (seconds) wins when it says longer.
function backoffMs(attempt: number, baseDelayMs: number, error: unknown): number {
  const exponential = baseDelayMs * 2 ** attempt;
  const jittered = exponential / 2 + Math.random() * (exponential / 2);
  const retryAfter = error instanceof APIError ? Number(error.headers?.get("retry-after")) : NaN;
  return Number.isFinite(retryAfter) && retryAfter * 1000 > jittered
    ? Math.min(retryAfter * 1000, 30_000)
    : jittered;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new APIUserAbortError());
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new APIUserAbortError());
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });
}
