import { expect, type Page, test } from "@playwright/test";
import { appInstance } from "./support/app-instance";
import { queryRows } from "./support/e2e-database";
import {
  actionById,
  auditEvents,
  openChat,
  openWidgetAs,
  refundsOf,
  say,
  waitForQuote,
  widgetFrame,
} from "./support/widget";

/*
 * Never lose, never revive: the widget is rebuilt from the server after a reload, a restart or
 * a dropped connection, and a repeated click or POST is applied once.
 */

test.describe.configure({ timeout: 150_000 });

async function conversationOfCustomer(email: string): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    "SELECT c.id FROM conversations c JOIN customers u ON u.id = c.customer_id WHERE u.email = $1 ORDER BY c.created_at DESC LIMIT 1",
    [email],
  );
  if (!row) throw new Error(`no conversation for ${email}`);
  return row.id;
}

function markNoReload(page: Page) {
  return page.evaluate(() => {
    (window as unknown as { noReloadMarker: boolean }).noReloadMarker = true;
  });
}

function wasNotReloaded(page: Page) {
  return page.evaluate(
    () => (window as unknown as { noReloadMarker?: boolean }).noReloadMarker === true,
  );
}

test("a reload mid-confirmation brings back the same open quote, which then confirms once", async ({
  page,
}) => {
  const { frame } = await openWidgetAs(page, "Sam Rivera");
  await say(frame, "The wool socks are too small.");
  const card = await waitForQuote(frame, "$12.60");
  const actionId = (await card.getAttribute("data-action-id")) ?? "";

  await page.reload();
  const again = await openChat(page);
  const restored = again.locator(`section[data-action-id="${actionId}"]`);
  await expect(restored).toHaveAttribute("data-status", "awaiting_confirmation");
  await expect(again.locator('article[data-author="customer"]')).toContainText([
    "The wool socks are too small.",
  ]);
  await restored.getByRole("button", { name: "Confirm refund of $12.60" }).click();
  await expect(restored).toHaveAttribute("data-status", "executed", { timeout: 30_000 });
  expect(await refundsOf(actionId)).toHaveLength(1);
});

test("a server restart drops the stream while the agent replies: nothing is missed and the quote confirms once", async ({
  page,
  baseURL,
}) => {
  const instance = await appInstance();
  await instance.start();
  try {
    await page.goto(`${instance.origin}/demo`);
    await page.getByRole("button", { name: "Shop as Sam Rivera" }).click();
    await expect(page.getByTestId("demo-email")).toContainText("+demo-");
    const frame = await openChat(page);
    await say(frame, "Hello there");
    await expect(frame.locator('article[data-author="agent"]')).toHaveCount(1, { timeout: 30_000 });
    await markNoReload(page);
    const connection = frame.getByTestId("widget-connection");
    await instance.stop();
    await expect(connection).toHaveAttribute("data-state", "offline", { timeout: 15_000 });
    await expect(connection).toContainText("Reconnecting");

    // While this widget's stream is down, the customer's other tab (same session cookie, another
    // instance) asks for a refund and the agent answers with a quote.
    const email = (await page.getByTestId("demo-email").textContent()) ?? "";
    const conversationId = await conversationOfCustomer(email);
    const sent = await page.request.post(`${baseURL}/api/widget/messages`, {
      headers: { Origin: baseURL ?? "" },
      data: { clientMessageId: "other-tab-0001", text: "The wool socks are too small." },
    });
    expect(sent.status()).toBe(202);
    await expect
      .poll(
        async () =>
          (
            await queryRows(
              "SELECT 1 FROM messages WHERE conversation_id = $1 AND author_kind = 'agent'",
              [conversationId],
            )
          ).length,
        { timeout: 30_000 },
      )
      .toBe(2);

    await instance.start();
    await expect(connection).toHaveAttribute("data-state", "online", { timeout: 30_000 });
    await expect(frame.locator('article[data-author="customer"]').last()).toContainText(
      "The wool socks are too small.",
    );
    const card = await waitForQuote(frame, "$12.60");
    const actionId = (await card.getAttribute("data-action-id")) ?? "";
    await card.getByRole("button", { name: "Confirm refund of $12.60" }).click();
    await expect(card).toHaveAttribute("data-status", "executed", { timeout: 30_000 });
    expect(await refundsOf(actionId)).toHaveLength(1);
    expect(await wasNotReloaded(page)).toBe(true);
  } finally {
    await instance.stop();
  }
});

test("a double-clicked Confirm and a repeated POST are applied once", async ({ page, baseURL }) => {
  const { frame } = await openWidgetAs(page, "Sam Rivera");
  await say(frame, "The wool socks are too small.");
  const card = await waitForQuote(frame, "$12.60");
  const action = await actionById((await card.getAttribute("data-action-id")) ?? "");

  await card.getByRole("button", { name: "Confirm refund of $12.60" }).dblclick();
  await expect(card).toHaveAttribute("data-status", "executed", { timeout: 30_000 });
  // And the same answer posted again, as a retrying client would.
  const repeat = await page.request.post(`/api/widget/actions/${action.id}/answer`, {
    headers: { Origin: baseURL ?? "" },
    data: { answer: "confirm", quoteHash: action.quote_hash },
  });
  expect(repeat.status()).toBeGreaterThanOrEqual(400);
  expect(repeat.status()).toBeLessThan(500);

  expect(await refundsOf(action.id)).toHaveLength(1);
  const events = await auditEvents(action.conversation_id);
  expect(events.filter((event) => event.kind === "pending_action.confirmed")).toHaveLength(1);
  expect(events.filter((event) => event.kind === "refund.executed")).toHaveLength(1);

  const message = { clientMessageId: "retried-post-0001", text: "Thanks, that's all." };
  const first = await page.request.post("/api/widget/messages", {
    headers: { Origin: baseURL ?? "" },
    data: message,
  });
  const second = await page.request.post("/api/widget/messages", {
    headers: { Origin: baseURL ?? "" },
    data: message,
  });
  expect([first.status(), second.status()]).toEqual([202, 200]);
  expect((await first.json()).messageId).toBe((await second.json()).messageId);
  const stored = await queryRows(
    "SELECT 1 FROM messages WHERE conversation_id = $1 AND body = $2",
    [action.conversation_id, message.text],
  );
  expect(stored).toHaveLength(1);
});

test("an idle session ends: Confirm is refused and explained, and nothing is refunded", async ({
  page,
}) => {
  const { frame, email } = await openWidgetAs(page, "Sam Rivera");
  await say(frame, "The wool socks are too small.");
  const card = await waitForQuote(frame, "$12.60");
  const actionId = (await card.getAttribute("data-action-id")) ?? "";
  // Thirty-one idle minutes pass for this customer's sessions.
  await queryRows(
    "UPDATE customer_sessions SET last_seen_at = now() - interval '31 minutes' WHERE customer_id = (SELECT id FROM customers WHERE email = $1)",
    [email],
  );
  await card.getByRole("button", { name: "Confirm refund of $12.60" }).click();
  await expect(widgetFrame(page).getByTestId("widget-notice")).toContainText(
    "Your chat session ended",
    { timeout: 30_000 },
  );
  expect((await actionById(actionId)).status).toBe("awaiting_confirmation");
  expect(await refundsOf(actionId)).toEqual([]);
});
