import { expect, type Page } from "@playwright/test";

/*
 * Drives the app through its own API from inside a signed-in staff page, so requests carry the
 * browser's Origin like the UI's.
 */

type JsonResponse = { status: number; body: unknown };

/** A same-origin fetch from the signed-in page, as the app's own buttons make it. */
export async function postFromPage(page: Page, url: string, body: unknown): Promise<JsonResponse> {
  return page.evaluate(
    async ({ url, body }) => {
      const response = await fetch(url, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null };
    },
    { url, body },
  );
}

export async function startStory(page: Page, storyKey: string): Promise<string> {
  const started = await postFromPage(page, "/api/stories", { storyKey });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  return (started.body as { conversationId: string }).conversationId;
}

type ThreadAction = { id: string; status: string; netRefundCents: number; refund: unknown };
type Snapshot = { actions: ThreadAction[]; timeline: unknown[] };

export async function readThread(page: Page, conversationId: string): Promise<Snapshot> {
  // Polled often: a fresh connection each time avoids racing the server's idle-socket close.
  const response = await page.request.get(`/api/conversations/${conversationId}`, {
    headers: { Connection: "close" },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as Snapshot;
}

/** Waits until the conversation's latest refund reaches `status`, and returns it. */
export async function waitForAction(
  page: Page,
  conversationId: string,
  status: string,
): Promise<ThreadAction> {
  let latest: ThreadAction | undefined;
  await expect
    .poll(
      async () => {
        latest = (await readThread(page, conversationId)).actions[0];
        return latest?.status;
      },
      { timeout: 30_000, message: `refund of ${conversationId} never became ${status}` },
    )
    .toBe(status);
  return latest as ThreadAction;
}

/**
 * Plays a story to its quote and types the customer's "yes" from `page`, whose user is then
 * recorded as confirming on the customer's behalf (so may not also approve). Returns the refund
 * once it waits for approval.
 */
export async function confirmStoryQuote(
  page: Page,
  storyKey: string,
): Promise<{ conversationId: string; action: ThreadAction }> {
  const conversationId = await startStory(page, storyKey);
  await waitForAction(page, conversationId, "awaiting_confirmation");
  const confirmed = await postFromPage(page, `/api/conversations/${conversationId}/messages`, {
    text: "yes",
  });
  expect(confirmed.status).toBe(202);
  return { conversationId, action: await waitForAction(page, conversationId, "awaiting_approval") };
}
