import { type SendResult, sendJson } from "@/lib/client/send-json";
import type { WidgetSnapshot } from "@/lib/server/services/widget/widget-snapshot";

/* The widget's calls to its own API (same origin as the iframe; the cookie rides along). */

export type SessionState = {
  workspace: { name: string; requiresIdentityToken: boolean };
  session: "active" | "ended" | "none";
  customerName: string | null;
};

async function getJson<T>(url: string): Promise<SendResult<T>> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: "same-origin", cache: "no-store" });
  } catch {
    return {
      ok: false,
      status: 0,
      problem: { detail: "The chat could not reach the server. Check your connection." },
    };
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.ok) return { ok: true, status: response.status, data: body as T };
  return {
    ok: false,
    status: response.status,
    problem: (body as Record<string, unknown> | null) ?? {
      detail: `The server answered ${response.status}.`,
    },
  };
}

export function fetchSessionState(workspace: string) {
  return getJson<SessionState>(`/api/widget/session?workspace=${encodeURIComponent(workspace)}`);
}

export function fetchSnapshot() {
  return getJson<WidgetSnapshot>("/api/widget/conversation");
}

export function startSession(
  body:
    | { workspace: string; method: "signed_token"; token: string }
    | { workspace: string; method: "order_check"; email: string; orderNumber: string },
) {
  return sendJson<{ customerName: string }>("/api/widget/session", body);
}

/** One per message the customer means to send; a retry of that message reuses it. */
export function newClientMessageId(): string {
  return crypto.randomUUID().replaceAll("-", "");
}

export function sendMessage(clientMessageId: string, text: string) {
  return sendJson<{ messageId: string; runId: string | null; duplicate: boolean }>(
    "/api/widget/messages",
    { clientMessageId, text },
  );
}

export function answerQuote(actionId: string, answer: "confirm" | "decline", quoteHash: string) {
  return sendJson<{ actionId: string; status: string }>(
    `/api/widget/actions/${encodeURIComponent(actionId)}/answer`,
    { answer, quoteHash },
  );
}

/** A 401 from any widget call means the session is gone: back to the identity step. */
export function isSessionLost(result: SendResult<unknown>): boolean {
  return !result.ok && result.status === 401;
}
