import { randomBytes } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { queryRows } from "./support/e2e-database";
import { expect, test } from "./support/staff-pages";
import { shopCard, shopOfItsOwn } from "./support/test-shop";

/*
 * Settings → Connections. Each test connects a shop of its own, made here: a connection on the
 * seeded shop would send the refunds of every spec running in parallel to Stripe. The suite's
 * Stripe is a fake that knows none of these keys (or is not running), so a test of the connection
 * must fail with a reason a person can read; the healthy path is in stripe-refunds.spec.ts.
 */

const SECRET_KEY = `sk_test_51E2e${randomBytes(12).toString("hex")}9876`;
const WEBHOOK_SECRET = `whsec_E2e${randomBytes(12).toString("hex")}wxyz`;

test("an admin connects Stripe: keys masked, never in the page, a failing test explained, the save audited", async ({
  adminPage: page,
}) => {
  const shop = await shopOfItsOwn();
  await page.goto("/settings");
  await page.getByRole("link", { name: "Manage connections" }).click();
  await expect(page.getByRole("heading", { name: "Connections", level: 1 })).toBeVisible();

  const card = shopCard(page, shop.name);
  await card.getByLabel("Secret key").fill("pk_test_51Hpublishable00001111");
  await card.getByLabel("Webhook signing secret").fill(WEBHOOK_SECRET);
  await card.getByRole("button", { name: "Save keys" }).click();
  await expect(card.getByLabel("Secret key")).toHaveAttribute("aria-invalid", "true");
  await expect(card.getByLabel("Secret key")).toBeFocused();
  await expect(card.getByText("a publishable key (pk_…) cannot make refunds")).toBeVisible();

  await card.getByLabel("Secret key").fill(SECRET_KEY);
  await card.getByRole("button", { name: "Save keys" }).click();
  await expect(card.getByRole("status").filter({ hasText: "Stripe connected" })).toHaveText(
    "Stripe connected (test mode). Test the connection next.",
  );
  await expect(card.getByText("••••9876")).toBeVisible();
  await expect(card.getByText("••••wxyz")).toBeVisible();
  await expect(card.getByText("None yet")).toBeVisible();
  await expect(card.getByTestId("webhook-url")).toHaveText(/\/api\/payments\/webhooks\/[^/]+$/);
  for (const event of ["refund.created", "refund.updated", "refund.failed", "charge.refunded"]) {
    await expect(card.getByText(event, { exact: true })).toBeVisible();
  }

  await page.reload();
  const html = await page.content();
  expect(html).not.toContain(SECRET_KEY);
  expect(html).not.toContain(WEBHOOK_SECRET);
  expect(html).not.toContain(SECRET_KEY.slice(0, 20));

  await card.getByRole("button", { name: "Test connection" }).click();
  await expect(card.getByRole("alert")).toContainText("Connection failing: ", { timeout: 30_000 });
  await expect(card.getByTestId("health-detail")).toContainText(/Stripe/);
  await expect(card.getByTestId("health-detail")).not.toContainText(SECRET_KEY.slice(0, 20));

  const axe = await new AxeBuilder({ page }).analyze();
  expect(
    axe.violations.filter((violation) => ["serious", "critical"].includes(violation.impact ?? "")),
  ).toEqual([]);

  const [connection] = await queryRows<{ id: string }>(
    "SELECT id FROM payment_connections WHERE workspace_id = $1",
    [shop.id],
  );
  // The sealer gives an event its place in the chain shortly after commit; the log shows sealed rows.
  await expect(async () => {
    await page.goto(`/audit?kind=payment_connection.saved`);
    await expect(
      page
        .getByRole("table", { name: "Audit events, newest first" })
        .getByText(connection?.id ?? "missing"),
    ).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  expect(await page.content()).not.toContain(SECRET_KEY);

  await page.goto("/settings/connections");
  await card.getByRole("button", { name: "Remove" }).click();
  await expect(card.getByRole("button", { name: "Yes, remove" })).toBeFocused();
  await card.getByRole("button", { name: "Yes, remove" }).click();
  await expect(card.getByRole("status").filter({ hasText: "disconnected" })).toBeVisible();
  await expect(card.getByLabel("Secret key")).toBeVisible();
});

test("an agent reads the connections but cannot save keys", async ({ agentPage: page }) => {
  const shop = await shopOfItsOwn();
  await page.goto("/settings/connections");
  const card = shopCard(page, shop.name);
  await expect(card.getByText("An admin can connect Stripe here.")).toBeVisible();
  await expect(card.getByLabel("Secret key")).toHaveCount(0);

  const refused = await page.request.put("/api/settings/connections", {
    data: {
      workspaceId: shop.id,
      provider: "stripe",
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
    },
  });
  expect(refused.status()).toBe(403);
  expect(
    await queryRows("SELECT id FROM payment_connections WHERE workspace_id = $1", [shop.id]),
  ).toEqual([]);
});
