import { type APIRequestContext, expect, test } from "@playwright/test";
import { UnsecuredJWT } from "jose";
import { queryRows } from "./support/e2e-database";
import {
  actionById,
  customerId,
  DEMO_WORKSPACE_KEY,
  identityToken,
  openWidgetAs,
  say,
  waitForQuote,
  widgetFrame,
  workspaceSecret,
} from "./support/widget";

/*
 * Every way to get into someone else's chat, or to confirm what was not shown, is refused with a
 * clear message and changes nothing.
 */

test.describe.configure({ timeout: 120_000 });

function startSession(request: APIRequestContext, origin: string, body: Record<string, unknown>) {
  return request.post("/api/widget/session", {
    headers: { Origin: origin },
    data: { workspace: DEMO_WORKSPACE_KEY, ...body },
  });
}

test("forged, expired, re-signed, unsigned and over-long identity tokens are refused", async ({
  page,
  playwright,
  baseURL,
}) => {
  const origin = baseURL ?? "";
  const { email } = await openWidgetAs(page, "Maya Chen");
  const claims = { sub: await customerId(email), email };
  const secret = await workspaceSecret();
  const now = Math.floor(Date.now() / 1000);
  const request = await playwright.request.newContext({ baseURL: origin });

  const valid = await identityToken(claims, secret);
  expect(
    (await startSession(request, origin, { method: "signed_token", token: valid })).status(),
  ).toBe(201);

  const refused: [string, string, string][] = [
    ["forged", await identityToken(claims, "not-the-workspace-secret-at-all-000"), "TOKEN_INVALID"],
    [
      "expired",
      await identityToken(claims, secret, { issuedAt: now - 7200, expiresAt: now - 3600 }),
      "TOKEN_EXPIRED",
    ],
    [
      "re-signed for another customer",
      await identityToken(
        { ...claims, email: "ana@example.com" },
        "attacker-chosen-secret-0000000000",
      ),
      "TOKEN_INVALID",
    ],
    [
      "unsigned",
      new UnsecuredJWT({ email })
        .setSubject(claims.sub)
        .setIssuedAt()
        .setExpirationTime("1h")
        .encode(),
      "TOKEN_INVALID",
    ],
    [
      "longer than 24 hours",
      await identityToken(claims, secret, { issuedAt: now, expiresAt: now + 25 * 3600 }),
      "TOKEN_INVALID",
    ],
    [
      "valid signature, claims of another customer",
      await identityToken({ sub: claims.sub, email: "ana@example.com" }, secret),
      "TOKEN_INVALID",
    ],
  ];
  for (const [label, token, reason] of refused) {
    const response = await startSession(request, origin, { method: "signed_token", token });
    expect(response.status(), label).toBe(401);
    expect((await response.json()).reason, label).toBe(reason);
  }
  await request.dispose();
});

test("a session for one customer cannot read or answer another customer's quote", async ({
  page,
  browser,
  baseURL,
}) => {
  const origin = baseURL ?? "";
  const sam = await openWidgetAs(page, "Sam Rivera");
  await say(sam.frame, "The wool socks are too small.");
  const card = await waitForQuote(sam.frame, "$12.60");
  const samAction = await actionById((await card.getAttribute("data-action-id")) ?? "");

  const other = await browser.newContext({ baseURL: origin });
  const anaPage = await other.newPage();
  const ana = await openWidgetAs(anaPage, "Ana Lopez");
  await expect(ana.frame.locator("section[data-action-id]")).toHaveCount(0);
  const snapshot = await anaPage.request.get("/api/widget/conversation");
  expect(JSON.stringify(await snapshot.json())).not.toContain(samAction.id);

  const attempt = await anaPage.request.post(`/api/widget/actions/${samAction.id}/answer`, {
    headers: { Origin: origin },
    data: { answer: "confirm", quoteHash: samAction.quote_hash },
  });
  expect(attempt.status()).toBe(404);
  expect((await actionById(samAction.id)).status).toBe("awaiting_confirmation");

  // Sam's own session with a hash of some other quote: refused, nothing moves.
  const stale = await page.request.post(`/api/widget/actions/${samAction.id}/answer`, {
    headers: { Origin: origin },
    data: { answer: "confirm", quoteHash: "0".repeat(64) },
  });
  expect(stale.status()).toBe(409);
  expect((await stale.json()).reason).toBe("QUOTE_HASH_MISMATCH");
  expect((await actionById(samAction.id)).status).toBe("awaiting_confirmation");
  const refunds = await queryRows("SELECT 1 FROM refunds WHERE pending_action_id = $1", [
    samAction.id,
  ]);
  expect(refunds).toHaveLength(0);

  // Without any session the widget API answers nothing.
  const anonymous = await browser.newContext({ baseURL: origin });
  const nobody = await anonymous.request.get("/api/widget/conversation");
  expect(nobody.status()).toBe(401);
  await anonymous.close();
  await other.close();
});

test("a widget key for no workspace says the chat is not set up", async ({ page }) => {
  await page.goto("/widget?workspace=no-such-shop");
  await expect(page.getByRole("main").getByRole("alert")).toContainText("This chat is not set up");
  const response = await page.request.get("/api/widget/session?workspace=no-such-shop");
  expect(response.status()).toBe(404);
});

test("email + order number: a wrong pair says so without saying which half, then is rate-limited", async ({
  page,
  browser,
}) => {
  const shopper = await browser.newContext();
  const seeded = await shopper.newPage();
  const { email } = await openWidgetAs(seeded, "Tom Alvarez");
  await shopper.close();

  await page.goto("/widget?workspace=demo-shop");
  const email_ = page.getByLabel("Email address");
  const order = page.getByLabel("Order number");
  const alert = page.getByRole("main").getByRole("alert");
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    await email_.fill(email);
    await order.fill(`Z${attempt}999`);
    await page.getByRole("button", { name: "Start chat" }).click();
    await expect(alert).toHaveText(
      "We couldn't find an order with that email address and order number.",
    );
    await expect(page.getByRole("button", { name: "Start chat" })).toBeEnabled();
  }
  // Even the right pair is refused while the lock holds.
  await order.fill("A1021");
  await page.getByRole("button", { name: "Start chat" }).click();
  await expect(alert).toContainText("Too many attempts. Try again in 15 minutes.");
  await expect(page.getByLabel("Your message")).toHaveCount(0);
});

test("email + order number opens the chat; enforce mode refuses it", async ({ page, baseURL }) => {
  const shopper = await openWidgetAs(page, "Priya Natarajan");
  // Leave the page first: a response of the open chat still in flight (its event stream, a
  // snapshot) could set the session cookie again after it was cleared.
  await page.goto("about:blank");
  await page.context().clearCookies();
  await page.goto("/widget?workspace=demo-shop");
  await page.getByLabel("Email address").fill(shopper.email.toUpperCase());
  await page.getByLabel("Order number").fill("a1066");
  await page.getByRole("button", { name: "Start chat" }).click();
  await expect(page.getByLabel("Your message")).toBeVisible({ timeout: 30_000 });
  const [session] = await queryRows<{ identity_method: string }>(
    "SELECT identity_method FROM customer_sessions WHERE customer_id = (SELECT id FROM customers WHERE email = $1) ORDER BY created_at DESC LIMIT 1",
    [shopper.email],
  );
  expect(session?.identity_method).toBe("order_check");

  const key = `enforced-${Date.now()}`;
  await queryRows(
    "INSERT INTO workspaces (id, key, name, identity_secret, enforce_identity_token) VALUES ($1, $1, 'Signed Shop', 'enforced-secret-enforced-secret-00', true)",
    [key],
  );
  const refused = await page.request.post("/api/widget/session", {
    headers: { Origin: baseURL ?? "" },
    data: { workspace: key, method: "order_check", email: shopper.email, orderNumber: "A1066" },
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).reason).toBe("IDENTITY_TOKEN_REQUIRED");
  await page.context().clearCookies();
  await page.goto(`/widget?workspace=${key}`);
  await expect(page.getByRole("main").getByRole("alert")).toContainText("signed-in customers");
});

test("empty, whitespace-only and oversized messages are refused before anything is stored", async ({
  page,
  baseURL,
}) => {
  const { frame, email } = await openWidgetAs(page, "Maya Chen");
  await frame.getByRole("button", { name: "Send" }).click();
  await expect(
    frame.getByRole("alert").filter({ hasText: "Write a message first." }),
  ).toBeVisible();
  await expect(frame.getByText("0 / 2000 characters")).toBeVisible();

  const post = (text: string, id: string) =>
    page.request.post("/api/widget/messages", {
      headers: { Origin: baseURL ?? "" },
      data: { clientMessageId: id, text },
    });
  expect((await post("", "empty-message-01")).status()).toBe(422);
  expect((await post("   \n\t ", "blank-message-01")).status()).toBe(422);
  const long = await post("x".repeat(2001), "long-message-001");
  expect(long.status()).toBe(422);
  expect(JSON.stringify(await long.json())).toContain("at most 2000 characters");
  expect((await post("x".repeat(20_000), "huge-message-001")).status()).toBe(413);
  const stored = await queryRows(
    "SELECT 1 FROM messages m JOIN conversations c ON c.id = m.conversation_id JOIN customers u ON u.id = c.customer_id WHERE u.email = $1",
    [email],
  );
  expect(stored).toHaveLength(0);
  await expect(widgetFrame(page).locator("article")).toHaveCount(0);
});
