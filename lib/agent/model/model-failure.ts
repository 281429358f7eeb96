import { ModelProviderError, ModelStreamError } from "./provider";

/*
 * Why a model request failed, in words staff can act on. A failure "on configuration" is an
 * answer the server will give again to the same request (HTTP 400, 401, 403, 404, 422): a wrong
 * base URL, model name, key or wire mode, a request the server cannot compile, or a conversation
 * longer than its context. Resuming cannot fix it; a person must change the settings. Anything
 * else (busy servers, cut connections, 5xx) is left as it was: the run stays resumable.
 */
export type ModelFailure = { onConfiguration: boolean; message: string };

const REPEATED_STATUSES = new Set([400, 401, 403, 404, 422]);
const CONTEXT_OVERFLOW =
  /exceeds the available context size|context[_ ]length[_ ]exceeded|maximum context length|context window/i;

export function describeModelFailure(error: unknown): ModelFailure | null {
  if (!(error instanceof ModelProviderError) || error instanceof ModelStreamError) return null;
  if (error.status === undefined || !REPEATED_STATUSES.has(error.status)) return null;
  if (CONTEXT_OVERFLOW.test(error.message)) {
    return {
      onConfiguration: true,
      message: `The conversation no longer fits the model's context: ${error.message} — raise the model server's context size (llama.cpp: -c) or lower MODEL_CONTEXT_TOKENS so requests are trimmed to fit.`,
    };
  }
  const settings =
    error.status === 401 || error.status === 403
      ? "OPENAI_API_KEY / OPENAI_BASE_URL"
      : "OPENAI_BASE_URL / OPENAI_MODEL / OPENAI_API_MODE and the server's own settings";
  return {
    onConfiguration: true,
    message: `The model server refused the request: ${error.message} — check ${settings}. Resuming fails the same way until the configuration changes.`,
  };
}
