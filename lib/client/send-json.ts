/*
 * Browser-side POST to our own API. Returns the parsed body either way, so callers can show the
 * server's problem+json `detail` (and extensions such as who decided first) instead of guessing.
 */

export type ProblemBody = {
  title?: string;
  detail?: string;
  code?: string;
  status?: number;
  requestId?: string;
  errors?: { path: string; message: string }[];
  [extension: string]: unknown;
};

export type SendResult<T> =
  | { ok: true; status: number; data: T }
  | { ok: false; status: number; problem: ProblemBody };

export async function sendJson<T>(
  url: string,
  body?: unknown,
  // A retry of the same request sends the same key (use-idempotency-key.ts).
  options: { idempotencyKey?: string } = {},
): Promise<SendResult<T>> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: {
        ...(body !== undefined && { "Content-Type": "application/json" }),
        ...(options.idempotencyKey && { "Idempotency-Key": options.idempotencyKey }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin",
    });
  } catch {
    return {
      ok: false,
      status: 0,
      problem: { detail: "The server could not be reached. Check your connection and try again." },
    };
  }
  return readResult<T>(response);
}

/**
 * The answer of one of our routes as a result: the body typed as the route's declared answer
 * when it succeeded, its problem+json otherwise.
 */
export async function readResult<T>(response: Response): Promise<SendResult<T>> {
  const text = await response.text();
  const parsed: unknown = text ? safeJson(text) : null;
  if (response.ok) return { ok: true, status: response.status, data: parsed as T };
  const problem =
    parsed && typeof parsed === "object"
      ? (parsed as ProblemBody)
      : { detail: `The server answered ${response.status}.` };
  return { ok: false, status: response.status, problem };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The sentence to show for a failed request: the detail plus any field messages. */
export function describeProblem(problem: ProblemBody): string {
  const fields = (problem.errors ?? []).map((error) => error.message);
  const detail = problem.detail ?? problem.title ?? "Something went wrong.";
  return fields.length > 0 ? `${detail}: ${fields.join("; ")}` : detail;
}
