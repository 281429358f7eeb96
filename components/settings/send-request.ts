import { readResult, type SendResult } from "@/lib/client/send-json";

/** A PUT, POST or DELETE to our own API, answered as sendJson answers (lib/client/send-json.ts). */
export async function sendRequest<T>(
  method: "PUT" | "POST" | "DELETE",
  url: string,
  body?: unknown,
): Promise<SendResult<T>> {
  try {
    const response = await fetch(url, {
      method,
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin",
    });
    return await readResult<T>(response);
  } catch {
    return {
      ok: false,
      status: 0,
      problem: { detail: "The server could not be reached. Check your connection and try again." },
    };
  }
}
