import { readResult, type SendResult } from "./send-json";

/* Browser-side GET from our own API, never from the HTTP cache; the answer as sendJson gives it. */
export async function getJson<T>(
  url: string,
  unreachable = "The server could not be reached. Check your connection and try again.",
): Promise<SendResult<T>> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: "same-origin", cache: "no-store" });
  } catch {
    return { ok: false, status: 0, problem: { detail: unreachable } };
  }
  return readResult<T>(response);
}
