import { APIConnectionError, APIError, APIUserAbortError } from "openai";
import { ModelProviderError } from "./provider";

export type RetryOptions = {
  maxRetries: number;
  baseDelayMs: number;
  signal: AbortSignal;
};

// Retries a streamed request only until its first event arrives: once the customer may have seen
// output (or a tool call was streamed), replaying the request could duplicate it, so later
// failures surface to the turn loop, which keeps the run resumable from its last stored step.
export async function* retryBeforeFirstEvent<T>(
  open: () => AsyncIterable<T>,
  options: RetryOptions,
): AsyncIterable<T> {
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
      if (started || !retryable || attempt >= options.maxRetries) {
        throw toProviderError(error, retryable);
      }
      await sleep(backoffMs(attempt, options.baseDelayMs, error), options.signal);
    }
  }
}

function isRetryable(error: unknown): boolean {
  if (error instanceof APIConnectionError) return true;
  if (error instanceof APIError) {
    const status = error.status ?? 0;
    // 501 Not Implemented is an answer about a feature (vLLM and `store`), not a busy server.
    return status === 408 || status === 409 || status === 429 || (status >= 500 && status !== 501);
  }
  return false;
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
