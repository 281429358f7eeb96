import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import {
  type FakeShopify,
  startFakeShopify,
} from "../tests/support/fake-shopify/fake-shopify-server";
import { E2E_SHOPIFY_PORT } from "./e2e-settings";
import { queryRows } from "./support/e2e-database";
import { expect, test } from "./support/staff-pages";
import { shopCard, shopOfItsOwn } from "./support/test-shop";
import { say, waitForQuote } from "./support/widget";

/*
 * A shop connected to Shopify, end to end in the browser: an admin connects it on Settings →
 * Connections (the suite's fake Shopify Admin API, spoken to by the app's real adapters), Maya
 * signs in to the chat with her email and her Shopify order number, and her cracked coffee maker
 * is quoted from the order Shopify holds, confirmed, approved and refunded through Shopify's
 * refundCreate exactly once. An order changed in Shopify between the quote and the approval
 * refuses the approved refund and gives Maya a new quote instead.
 */

const ACCESS_TOKEN = `shpat_${randomBytes(16).toString("hex")}`;
const SIGNING_KEY = randomBytes(32).toString("hex");
const SHOP_DOMAIN = `e2e-${randomBytes(4).toString("hex")}.myshopify.com`;

test.describe.configure({ mode: "serial", timeout: 180_000 });

let shopify: FakeShopify;
let shop: { id: string; name: string; key: string };

test.beforeAll(async () => {
  shopify = await startFakeShopify({
    port: E2E_SHOPIFY_PORT,
    shop: { domain: SHOP_DOMAIN, accessToken: ACCESS_TOKEN, clientSecret: SIGNING_KEY },
  });
  shop = await shopOfItsOwn();
});

test.afterAll(async () => {
  await shopify?.close();
});

/** Maya's order in the shop's Shopify: a $48.00 coffee maker and two $12.00 mugs. */
function mayasOrderInShopify(): { email: string; orderId: string; number: string } {
  const email = `maya+${randomBytes(4).toString("hex")}@example.com`;
  const seeded = shopify.seedOrder({ email, customerName: "Maya Chen" });
  return {
    email,
    orderId: seeded.orderId,
    number: shopify.order(seeded.orderId).name,
  };
}

async function openChatWithOrder(page: Page, email: string, orderNumber: string): Promise<void> {
  await page.goto(`/widget?workspace=${encodeURIComponent(shop.key)}`);
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Order number").fill(orderNumber);
  await page.getByRole("button", { name: "Start chat" }).click();
  await expect(page.getByLabel("Your message")).toBeVisible({ timeout: 30_000 });
}

async function askForTheCoffeeMaker(page: Page, orderNumber: string) {
  await say(
    page,
    `Hi, my order ${orderNumber} arrived and the glass pour-over coffee maker is cracked. The mugs are fine. Can I get my money back for the coffee maker?`,
  );
  return waitForQuote(page, "$48.00");
}

/** Maya signs in with her Shopify order, asks, and confirms the $48.00 quote: it awaits approval. */
async function mayaConfirmsTheCoffeeMaker(page: Page) {
  const maya = mayasOrderInShopify();
  await openChatWithOrder(page, maya.email, maya.number);
  const card = await askForTheCoffeeMaker(page, maya.number);
  const actionId = (await card.getAttribute("data-action-id")) ?? "";
  await card.getByRole("button", { name: "Confirm refund of $48.00" }).click();
  await expect(card).toHaveAttribute("data-status", "awaiting_approval", { timeout: 30_000 });
  return { maya, actionId };
}

async function approve(page: Page, actionId: string): Promise<void> {
  await page.goto("/approvals");
  const approval = page.locator(`article[data-action-id="${actionId}"]`);
  await approval.getByRole("button", { name: "Approve $48.00" }).click();
  await expect(approval.getByRole("status")).toBeVisible({ timeout: 30_000 });
}

test("an admin connects Shopify; the test reaches the shop", async ({ adminPage: page }) => {
  await page.goto("/settings/connections");
  const card = shopCard(page, shop.name, "Shopify");
  await card.getByLabel("Shop domain").fill(SHOP_DOMAIN);
  await card.getByLabel("Admin API access token").fill(ACCESS_TOKEN);
  await card.getByLabel("Webhook signing key").fill(SIGNING_KEY);
  await card.getByRole("button", { name: "Save keys" }).click();
  await expect(card.getByRole("status").filter({ hasText: "Shopify connected" })).toBeVisible();
  await expect(card.getByText(SHOP_DOMAIN)).toBeVisible();
  await expect(card.getByTestId("webhook-url")).toHaveText(/\/api\/stores\/webhooks\/[^/]+$/);
  expect(await page.content()).not.toContain(ACCESS_TOKEN);
  await card.getByRole("button", { name: "Test connection" }).click();
  await expect(card.getByRole("status").filter({ hasText: "Connection works" })).toBeVisible({
    timeout: 30_000,
  });
});

test("Maya's cracked coffee maker, read from Shopify, is refunded through Shopify exactly once", async ({
  page,
  approverPage,
}) => {
  const { maya, actionId } = await mayaConfirmsTheCoffeeMaker(page);

  await approve(approverPage, actionId);
  await expect
    .poll(
      async () =>
        (
          await queryRows<{ provider: string; amount_cents: number }>(
            "SELECT provider, amount_cents FROM refunds WHERE pending_action_id = $1",
            [actionId],
          )
        )[0],
      { timeout: 30_000 },
    )
    .toEqual({ provider: "shopify", amount_cents: 4800 });
  const refunds = shopify.order(maya.orderId).refunds;
  expect(refunds).toHaveLength(1);
  expect(refunds[0]?.note).toContain(`countersign:${actionId}`);
  expect(shopify.operations().filter((name) => /RefundCreate/.test(name))).toHaveLength(1);
});

test("an order changed in Shopify after the quote refuses the approved refund and re-quotes", async ({
  page,
  approverPage,
}) => {
  const { maya, actionId } = await mayaConfirmsTheCoffeeMaker(page);

  // The store corrects the delivery date: what the quote was worked out from is no longer true.
  shopify.editOrder(maya.orderId, { deliveredAt: new Date(Date.now() - 3 * 86_400_000) });
  await approve(approverPage, actionId);

  await expect
    .poll(
      async () =>
        (
          await queryRows<{ status: string; failure_reason: string | null }>(
            "SELECT status, failure_reason FROM pending_actions WHERE id = $1",
            [actionId],
          )
        )[0]?.failure_reason ?? "",
      { timeout: 30_000 },
    )
    .toContain("changed in the store");
  expect(shopify.order(maya.orderId).refunds).toHaveLength(0);
  await expect(page.getByText(/changed/).first()).toBeVisible({ timeout: 30_000 });
  const fresh = page.locator(`section[data-action-id]:not([data-action-id="${actionId}"])`).last();
  await expect(fresh).toHaveAttribute("data-status", "awaiting_confirmation", { timeout: 30_000 });
  await expect(fresh.getByTestId("quote-net")).toHaveText("$48.00");
});
