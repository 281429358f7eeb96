import { randomBytes } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { queryRows } from "./support/e2e-database";
import { expect, test } from "./support/staff-pages";
import { postFromPage } from "./support/staff-session";
import { shopOfItsOwn } from "./support/test-shop";
import { say, waitForQuote } from "./support/widget";

/*
 * Settings → Refund policy, as a support lead: the electronics window goes from 15 to 30 days,
 * proven by a dry run and published, and the next quote for earbuds delivered 20 days ago is made
 * under the new version. The shop is one of the test's own, so the new terms never reach the
 * journeys of the specs running in parallel on the demo shop.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** Earbuds delivered 20 days ago: outside v1's 15-day electronics window, inside 30. */
async function importEarbudsOrder(page: Page, workspaceId: string) {
  const suffix = randomBytes(4).toString("hex");
  const email = `policy-${suffix}@example.com`;
  // Upper case: the widget reads a typed order number in upper case.
  const number = `POL-${suffix.toUpperCase()}`;
  const placed = new Date(Date.now() - 23 * DAY_MS).toISOString();
  const delivered = new Date(Date.now() - 20 * DAY_MS).toISOString();
  const csv = [
    "order_number,customer_email,customer_name,currency,placed_at,delivered_at,shipping,payment_method,payment_reference,line_id,sku,name,category,quantity,unit_price,final_sale,opened",
    `${number},${email},Sam Rivera,USD,${placed},${delivered},0.00,Amex •0005,,1,ELE-BUDS-01,Wireless earbuds,electronics,1,129.00,false,false`,
  ].join("\r\n");
  const imported = await postFromPage(page, "/api/settings/orders-import", {
    workspaceId,
    fileName: "earbuds.csv",
    csv,
  });
  expect(imported.status, JSON.stringify(imported.body)).toBe(200);
  return { email, number };
}

async function expectAccessible(page: Page) {
  const axe = await new AxeBuilder({ page }).analyze();
  expect(
    axe.violations.filter((violation) => ["serious", "critical"].includes(violation.impact ?? "")),
  ).toEqual([]);
}

test("a lead widens the electronics window, proves it, publishes it, and the next quote follows it", async ({
  adminPage: page,
  page: shopper,
}) => {
  // The quote at the end waits for an agent turn.
  test.setTimeout(120_000);
  const shop = await shopOfItsOwn();
  await page.goto("/settings");
  await page.getByRole("link", { name: "Edit refund policy" }).click();
  await expect(page.getByRole("heading", { name: "Refund policy", level: 1 })).toBeVisible();
  await page.goto(`/settings/policy?workspace=${shop.id}`);
  const order = await importEarbudsOrder(page, shop.id);

  const publish = page.getByRole("button", { name: "Publish", exact: true });
  await expect(publish).toBeDisabled();
  await expect(publish).toHaveAccessibleDescription(/There is no draft yet/);

  const limit = page.getByLabel("Auto-approve limit", { exact: true });
  await expect(limit).toHaveValue("25.00");
  await limit.fill("-5");
  await expect(limit).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Enter an amount in dollars and cents")).toBeVisible();
  await limit.fill("25.00");

  const electronicsWindow = page.getByLabel("Electronics window");
  await expect(electronicsWindow).toHaveValue("15");
  // The draft's text, not the live one folded away under it.
  const draftText = page.getByText("(electronics within 15 days)").filter({ visible: true });
  await expect(draftText).toBeVisible();
  await electronicsWindow.fill("0");
  await expect(electronicsWindow).toHaveAttribute("aria-invalid", "true");
  await expect(electronicsWindow).toHaveAccessibleDescription(
    "A return window is a whole number of days from 1 to 400.",
  );
  await electronicsWindow.fill("30");
  await expect(electronicsWindow).not.toHaveAttribute("aria-invalid");

  const changes = page.getByRole("table", { name: "What the draft changes from refund-policy/v1" });
  await expect(changes.getByRole("row")).toHaveCount(2);
  await expect(changes.getByRole("row").nth(1)).toHaveText(
    /Electronics window\s*15 days\s*30 days/,
  );
  // The customer-facing text follows the form: v1's shorter electronics window is gone from it.
  await expect(draftText).toHaveCount(0);

  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Draft saved" })).toBeVisible();
  await expect(publish).toHaveAccessibleDescription(/Run the dry run first/);
  await expect(page.getByRole("button", { name: "Run dry run" })).toBeEnabled();

  await page.getByRole("button", { name: "Run dry run" }).click();
  await expect(page.getByText("Compared with refund-policy/v1 over the last 30 days")).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText("Decisions flipped")).toBeVisible();
  await expect(publish).toBeEnabled();
  await expectAccessible(page);

  await publish.click();
  await expect(page.getByRole("status").filter({ hasText: "Published" })).toHaveText(
    "Published refund-policy/v2.",
  );
  const history = page.getByRole("table", { name: "Published versions, newest first" });
  await expect(history.getByRole("row").nth(1)).toContainText("refund-policy/v2");
  await expect(history.getByRole("row").nth(1)).toContainText("In force");
  const [published] = await queryRows<{ kind: string; payload: { dryRunId: string } }>(
    "SELECT kind, payload FROM audit_events WHERE kind = 'policy.published' AND payload->>'workspaceId' = $1",
    [shop.id],
  );
  const [dryRun] = await queryRows<{ id: string }>(
    "SELECT id FROM policy_dry_runs WHERE workspace_id = $1 ORDER BY created_at DESC LIMIT 1",
    [shop.id],
  );
  expect(published?.payload.dryRunId).toBe(dryRun?.id);

  await shopper.goto(`/widget?workspace=${encodeURIComponent(shop.key)}`);
  await shopper.getByLabel("Email address").fill(order.email);
  await shopper.getByLabel("Order number").fill(order.number);
  await shopper.getByRole("button", { name: "Start chat" }).click();
  await expect(shopper.getByLabel("Your message")).toBeVisible({ timeout: 30_000 });
  await say(
    shopper,
    `Hi, about order ${order.number}: I don't need the wireless earbuds anymore, can I return them?`,
  );
  const card = await waitForQuote(shopper, "$116.10");
  const actionId = (await card.getAttribute("data-action-id")) ?? "";
  const [action] = await queryRows<{ policy_version: string }>(
    "SELECT policy_version FROM pending_actions WHERE id = $1",
    [actionId],
  );
  expect(action?.policy_version).toBe("refund-policy/v2");
});

test("an agent reads the policy at 390 px: the terms and the text, nothing to change", async ({
  agentPage: page,
}) => {
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto("/settings/policy");
  await expect(page.getByRole("heading", { name: "Refund policy", level: 1 })).toBeVisible();
  await expect(page.getByLabel("Default return window")).toBeDisabled();
  await expect(page.getByRole("button", { name: "Save draft" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "§2 Return window" })).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAccessible(page);
});

test("an admin's editor fits 390 px and is reachable by keyboard", async ({ adminPage: page }) => {
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto("/settings/policy");
  const defaultWindow = page.getByLabel("Default return window");
  await defaultWindow.focus();
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Merchant fault").first()).toBeFocused();
  await page.getByRole("button", { name: "Add a category" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("group", { name: "Category 3" })).toBeVisible();
  await page.getByRole("button", { name: "Remove Category 3" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("group", { name: "Category 3" })).toHaveCount(0);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAccessible(page);
});
