import { getJson } from "@/lib/client/get-json";
import { readResult, type SendResult, sendJson } from "@/lib/client/send-json";
import type { Language } from "@/lib/domain/languages";
import type { AnswerWidgetQuoteResult } from "@/lib/server/services/widget/answer-widget-quote";
import type { PostedWidgetMessage } from "@/lib/server/services/widget/post-widget-message";
import type { WidgetSnapshot } from "@/lib/server/services/widget/widget-snapshot";

/* The widget's calls to its own API (same origin as the iframe; the cookie rides along). */

export type SessionState = {
  workspace: { name: string; requiresIdentityToken: boolean };
  session: "active" | "ended" | "none";
  customerName: string | null;
};

const UNREACHABLE = "The chat could not reach the server. Check your connection.";

export function fetchSessionState(workspace: string) {
  return getJson<SessionState>(
    `/api/widget/session?workspace=${encodeURIComponent(workspace)}`,
    UNREACHABLE,
  );
}

export function fetchSnapshot() {
  return getJson<WidgetSnapshot>("/api/widget/conversation", UNREACHABLE);
}

/** `language` is one the customer picked before the chat opened; it becomes the conversation's. */
export function startSession(
  body: { workspace: string; language?: Language } & (
    | { method: "signed_token"; token: string }
    | { method: "order_check"; email: string; orderNumber: string }
  ),
) {
  return sendJson<{ customerName: string }>("/api/widget/session", body);
}

export function chooseLanguage(language: Language) {
  return sendJson<{ language: Language }>("/api/widget/language", { language });
}

/** One per message the customer means to send; a retry of that message reuses it. */
export function newClientMessageId(): string {
  return crypto.randomUUID().replaceAll("-", "");
}

export function sendMessage(clientMessageId: string, text: string) {
  return sendJson<PostedWidgetMessage>("/api/widget/messages", { clientMessageId, text });
}

/** A message with photos or PDFs, as one multipart request (the server checks every file). */
export async function sendMessageWithFiles(
  clientMessageId: string,
  text: string,
  files: readonly File[],
): Promise<SendResult<PostedWidgetMessage>> {
  const form = new FormData();
  form.set("clientMessageId", clientMessageId);
  form.set("text", text);
  for (const file of files) form.append("file", file, file.name);
  try {
    const response = await fetch("/api/widget/messages/with-files", {
      method: "POST",
      body: form,
      credentials: "same-origin",
    });
    return readResult<PostedWidgetMessage>(response);
  } catch {
    return { ok: false, status: 0, problem: { detail: UNREACHABLE } };
  }
}

export function answerQuote(actionId: string, answer: "confirm" | "decline", quoteHash: string) {
  return sendJson<AnswerWidgetQuoteResult>(
    `/api/widget/actions/${encodeURIComponent(actionId)}/answer`,
    { answer, quoteHash },
  );
}

/** A 401 from any widget call means the session is gone: back to the identity step. */
export function isSessionLost(result: SendResult<unknown>): boolean {
  return !result.ok && result.status === 401;
}
