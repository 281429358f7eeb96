import { expect, type FrameLocator, type Page } from "@playwright/test";
import { SignJWT } from "jose";
import { queryRows } from "./e2e-database";

/*
 * Drives the chat widget as a customer does: the demo shop page, the launcher, the iframe. What a
 * journey stored is read straight from the suite's database.
 */

export const DEMO_WORKSPACE_KEY = "demo-shop";

export function widgetFrame(page: Page): FrameLocator {
  return page.frameLocator('iframe[title="Chat with support"]');
}

export type Shopper = { frame: FrameLocator; email: string };

/**
 * Picks a seeded customer on /demo (the shop signs in a fresh copy of them and hands the chat a
 * signed identity token) and opens the chat.
 */
export async function openWidgetAs(page: Page, name: string): Promise<Shopper> {
  await page.goto("/demo");
  await page.getByRole("button", { name: `Shop as ${name}` }).click();
  const email = (await page.getByTestId("demo-email").textContent()) ?? "";
  expect(email).toContain("+demo-");
  return { frame: await openChat(page), email };
}

export async function openChat(page: Page): Promise<FrameLocator> {
  await page.getByRole("button", { name: "Chat with us" }).click();
  const frame = widgetFrame(page);
  await expect(frame.getByLabel("Your message")).toBeVisible({ timeout: 30_000 });
  return frame;
}

/** Where a customer chats: the widget's iframe on a shop's page, or the widget page itself. */
export type ChatSurface = FrameLocator | Page;

export function latestCard(frame: ChatSurface) {
  return frame.locator("section[data-action-id]").last();
}

export async function waitForQuote(frame: ChatSurface, net: string) {
  const card = latestCard(frame);
  await expect(card).toHaveAttribute("data-status", "awaiting_confirmation", { timeout: 30_000 });
  await expect(card.getByTestId("quote-net")).toHaveText(net);
  return card;
}

/** Waits for the agent's reply containing `text`. */
export async function expectReply(frame: FrameLocator, text: string | RegExp) {
  await expect(
    frame.locator('article[data-author="agent"]').filter({ hasText: text }).last(),
  ).toBeVisible({ timeout: 30_000 });
}

export async function say(frame: ChatSurface, text: string): Promise<void> {
  const box = frame.getByLabel("Your message");
  await box.fill(text);
  await frame.getByRole("button", { name: "Send" }).click();
  await expect(box).toHaveValue("");
}

/** The quote card of the conversation's newest refund, once it is in `status`. */
export async function latestAction(
  conversationId: string,
): Promise<{ id: string; status: string; net_refund_cents: number; quote_hash: string } | null> {
  const [row] = await queryRows<{
    id: string;
    status: string;
    net_refund_cents: number;
    quote_hash: string;
  }>(
    "SELECT id, status, net_refund_cents, quote_hash FROM pending_actions WHERE conversation_id = $1 ORDER BY created_at DESC LIMIT 1",
    [conversationId],
  );
  return row ?? null;
}

export async function conversationOf(page: Page): Promise<string> {
  const frame = widgetFrame(page);
  const card = frame.locator("section[data-action-id]").first();
  const actionId = await card.getAttribute("data-action-id");
  const [row] = await queryRows<{ conversation_id: string }>(
    "SELECT conversation_id FROM pending_actions WHERE id = $1",
    [actionId],
  );
  if (!row) throw new Error(`no action ${actionId}`);
  return row.conversation_id;
}

export async function actionById(actionId: string): Promise<{
  id: string;
  status: string;
  net_refund_cents: number;
  quote_hash: string;
  conversation_id: string;
}> {
  const [row] = await queryRows<{
    id: string;
    status: string;
    net_refund_cents: number;
    quote_hash: string;
    conversation_id: string;
  }>(
    "SELECT id, status, net_refund_cents, quote_hash, conversation_id FROM pending_actions WHERE id = $1",
    [actionId],
  );
  if (!row) throw new Error(`no action ${actionId}`);
  return row;
}

export async function customerId(email: string): Promise<string> {
  const [row] = await queryRows<{ id: string }>("SELECT id FROM customers WHERE email = $1", [
    email,
  ]);
  if (!row) throw new Error(`no customer ${email}`);
  return row.id;
}

export async function workspaceSecret(key = DEMO_WORKSPACE_KEY): Promise<string> {
  const [row] = await queryRows<{ identity_secret: string }>(
    "SELECT identity_secret FROM workspaces WHERE key = $1",
    [key],
  );
  if (!row) throw new Error(`no workspace ${key}`);
  return row.identity_secret;
}

/** An identity token as a shop's server signs it; the options forge the bad ones. */
export async function identityToken(
  claims: { sub: string; email: string },
  secret: string,
  options: { issuedAt?: number; expiresAt?: number } = {},
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ email: claims.email })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(claims.sub)
    .setIssuedAt(options.issuedAt ?? now)
    .setExpirationTime(options.expiresAt ?? now + 3600)
    .sign(new TextEncoder().encode(secret));
}

export type AuditRow = { kind: string; subject_id: string; payload: Record<string, unknown> };

export function auditEvents(conversationId: string): Promise<AuditRow[]> {
  return queryRows<AuditRow>(
    "SELECT kind, subject_id, payload FROM audit_events WHERE conversation_id = $1 ORDER BY id",
    [conversationId],
  );
}

export function refundsOf(actionId: string): Promise<{ amount_cents: number; target: string }[]> {
  return queryRows("SELECT amount_cents, target FROM refunds WHERE pending_action_id = $1", [
    actionId,
  ]);
}
