import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { type FakeStripe, startFakeStripe } from "../tests/support/fake-stripe/fake-stripe-server";
import { E2E_BASE_URL, E2E_STRIPE_PORT } from "./e2e-settings";
import { queryRows, withDatabase } from "./support/e2e-database";
import { expect, test } from "./support/staff-pages";
import { confirmStoryQuote, readThread } from "./support/staff-session";
import { shopCard, shopOfItsOwn } from "./support/test-shop";

/*
 * A refund paid through Stripe, end to end: an admin connects a shop to Stripe (the suite's fake
 * Stripe, which speaks Stripe's wire format to the official SDK), an approver approves in the
 * browser, and what the customer and staff see follows Stripe: "processing" while the refund is
 * pending, "refunded" once Stripe's webhook says it succeeded, and an apology, a reopened ticket
 * and a Failed refunds row when a later webhook says it failed. The customer is moved into the
 * test's own shop, so no other spec's refund goes to Stripe.
 */

const SECRET_KEY = `sk_test_51E2eStripe${randomBytes(10).toString("hex")}`;
const WEBHOOK_SECRET = `whsec_${randomBytes(16).toString("hex")}`;

test.describe.configure({ timeout: 180_000 });

let stripe: FakeStripe;

test.beforeAll(async () => {
  stripe = await startFakeStripe({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    refundsStartAs: "pending",
    port: E2E_STRIPE_PORT,
  });
});

test.afterAll(async () => {
  await stripe?.close();
});

async function connectShopToStripe(page: Page, shopName: string): Promise<void> {
  await page.goto("/settings/connections");
  const card = shopCard(page, shopName);
  await card.getByLabel("Secret key").fill(SECRET_KEY);
  await card.getByLabel("Webhook signing secret").fill(WEBHOOK_SECRET);
  await card.getByRole("button", { name: "Save keys" }).click();
  await expect(card.getByRole("status").filter({ hasText: "Stripe connected" })).toBeVisible();
  await card.getByRole("button", { name: "Test connection" }).click();
  await expect(card.getByRole("status").filter({ hasText: "Connection works" })).toBeVisible({
    timeout: 30_000,
  });
}

/** Everything the customer was told in the chat thread, as staff see it. */
async function customerText(page: Page, conversationId: string): Promise<string> {
  const { timeline } = (await readThread(page, conversationId)) as unknown as {
    timeline: { type: string; audience?: string; author?: string; body: string }[];
  };
  return timeline
    .filter(
      (entry) =>
        entry.type === "message" && entry.audience === "customer" && entry.author !== "customer",
    )
    .map((entry) => entry.body)
    .join("\n");
}

test("a refund approved in the browser is processing until Stripe's webhook says it succeeded; a failure webhook reopens the ticket", async ({
  adminPage,
  agentPage,
  approverPage: page,
}) => {
  const shop = await shopOfItsOwn();
  await connectShopToStripe(adminPage, shop.name);
  const [connection] = await queryRows<{ id: string }>(
    "SELECT id FROM payment_connections WHERE workspace_id = $1",
    [shop.id],
  );
  const webhookUrl = `${E2E_BASE_URL}/api/payments/webhooks/${connection?.id}`;

  const { conversationId, action } = await confirmStoryQuote(agentPage, "too-big");
  const { paymentIntentId } = stripe.createPayment({ amountCents: 12_000, currency: "usd" });
  await withDatabase(async (client) => {
    await client.query(
      "UPDATE customers SET workspace_id = $1 WHERE id = (SELECT customer_id FROM conversations WHERE id = $2)",
      [shop.id, conversationId],
    );
    await client.query(
      "UPDATE orders SET payment_reference = $1 WHERE id = (SELECT order_id FROM pending_actions WHERE id = $2)",
      [paymentIntentId, action.id],
    );
  });

  await page.goto("/approvals");
  const approval = page.locator(`article[data-action-id="${action.id}"]`);
  await approval.getByRole("button", { name: "Approve $80.10" }).click();
  await expect(approval.getByRole("status")).toContainText("is with the payment provider", {
    timeout: 30_000,
  });

  const [refund] = await queryRows<{ provider_refund_id: string; status: string }>(
    "SELECT provider_refund_id, status FROM refunds WHERE pending_action_id = $1",
    [action.id],
  );
  expect(refund?.status).toBe("pending");
  const stripeRefundId = refund?.provider_refund_id ?? "";
  expect(stripe.refund(stripeRefundId)).toMatchObject({ amount: 8010, status: "pending" });

  await page.goto(`/conversations/${conversationId}`);
  const record = page
    .locator(`section[data-action-id="${action.id}"]`)
    .getByTestId("refund-record");
  await expect(record).toContainText("Processing");
  await expect(record).toContainText("Stripe");
  await expect
    .poll(() => customerText(page, conversationId), { timeout: 30_000 })
    .toMatch(/not reached your account yet/);
  expect(await customerText(page, conversationId)).not.toMatch(/has been issued|We have refunded/);

  stripe.updateRefund(stripeRefundId, { status: "succeeded" });
  const paid = stripe.webhookDelivery("refund.updated", stripeRefundId);
  expect((await stripe.deliverWebhook(webhookUrl, paid)).status).toBe(200);
  const again = await stripe.deliverWebhook(webhookUrl, paid);
  expect(await again.json()).toMatchObject({ duplicate: true });

  await page.reload();
  await expect(record).toContainText("Paid");
  await expect
    .poll(() => customerText(page, conversationId), { timeout: 30_000 })
    .toMatch(/completed by our payment processor/);

  stripe.updateRefund(stripeRefundId, { status: "failed", reason: "expired_or_canceled_card" });
  const failed = stripe.webhookDelivery("refund.failed", stripeRefundId);
  expect((await stripe.deliverWebhook(webhookUrl, failed)).status).toBe(200);

  await page.reload();
  await expect(record).toContainText("Failed");
  await expect(record).toContainText("failed after being paid");
  await expect
    .poll(() => customerText(page, conversationId), { timeout: 30_000 })
    .toMatch(/did not reach you after all/);
  const [ticket] = await queryRows<{ ticket_status: string }>(
    "SELECT ticket_status FROM conversations WHERE id = $1",
    [conversationId],
  );
  expect(ticket?.ticket_status).toBe("open");

  await page.goto("/inbox?queue=failed_refunds");
  const row = page.getByTestId("queue-row").filter({
    has: page.locator(`a[href="/conversations/${conversationId}"]`),
  });
  await expect(row).toContainText("failed after being paid");

  await adminPage.goto("/settings/connections");
  await expect(shopCard(adminPage, shop.name)).toContainText("refund.failed");
});
