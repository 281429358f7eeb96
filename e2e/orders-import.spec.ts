import { createHmac, randomBytes } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { queryRows } from "./support/e2e-database";
import { expect, test } from "./support/staff-pages";
import { shopOfItsOwn } from "./support/test-shop";

/*
 * Settings → Connections, for a store without a connector: an admin imports orders from a CSV
 * file (all of it or none of it) and makes the orders API key a store signs its pushes with.
 * Each test uses a shop of its own and customer emails of its own (emails are one customer
 * across shops).
 */

const COLUMNS =
  "order_number,customer_email,customer_name,currency,placed_at,delivered_at,shipping,payment_method,payment_reference,line_id,sku,name,category,quantity,unit_price,final_sale,opened";

function csvFor(suffix: string, unitPrice = "12.50"): string {
  const order = `E2E-${suffix}`;
  const email = `csv-${suffix}@example.com`;
  return [
    COLUMNS,
    `${order}-1,${email},Maya Lin,USD,2026-11-02T14:30:00Z,2026-11-05T09:00:00Z,8.00,Visa •4242,,1,KETTLE,"Kettle, steel",kitchen,1,48.00,false,false`,
    `${order}-1,${email},Maya Lin,USD,2026-11-02T14:30:00Z,2026-11-05T09:00:00Z,8.00,Visa •4242,,2,MUG,Mug,kitchen,2,${unitPrice},false,true`,
    `${order}-2,${email},Maya Lin,USD,2026-11-03T10:00:00Z,,0.00,Visa •4242,,1,SOCKS,Wool socks,apparel,3,9.99,false,false`,
  ].join("\r\n");
}

function importCard(page: Page, shopName: string) {
  return page
    .locator("section")
    .filter({ has: page.getByRole("heading", { name: `${shopName}: Import orders from CSV` }) });
}

function apiCard(page: Page, shopName: string) {
  return page
    .locator("section")
    .filter({ has: page.getByRole("heading", { name: `${shopName}: Orders API` }) });
}

async function ordersOf(shopId: string): Promise<string[]> {
  const rows = await queryRows<{ number: string }>(
    "SELECT number FROM orders WHERE workspace_id = $1 ORDER BY number",
    [shopId],
  );
  return rows.map((row) => row.number);
}

async function expectAccessible(page: Page) {
  const axe = await new AxeBuilder({ page }).analyze();
  expect(
    axe.violations.filter((violation) => ["serious", "critical"].includes(violation.impact ?? "")),
  ).toEqual([]);
}

for (const width of [1280, 390]) {
  test(`an admin imports orders from CSV at ${width} px: counts when valid, row problems and nothing imported when not`, async ({
    adminPage: page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const shop = await shopOfItsOwn();
    const suffix = randomBytes(4).toString("hex");
    await page.goto("/settings/connections");
    const card = importCard(page, shop.name);
    await card.scrollIntoViewIfNeeded();

    await card.getByLabel("CSV file").setInputFiles({
      name: "orders.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(csvFor(suffix)),
    });
    await card.getByRole("button", { name: "Import orders" }).click();
    await expect(card.getByRole("status").filter({ hasText: "Imported" })).toHaveText(
      "Imported 2 orders from 3 rows: 2 new, 0 updated, 0 unchanged.",
    );
    expect(await ordersOf(shop.id)).toEqual([`E2E-${suffix}-1`, `E2E-${suffix}-2`]);
    await expectAccessible(page);

    const badSuffix = randomBytes(4).toString("hex");
    await card.getByLabel("CSV file").setInputFiles({
      name: "orders-bad.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(csvFor(badSuffix, "12.505")),
    });
    await card.getByRole("button", { name: "Import orders" }).click();
    await expect(card.getByRole("alert")).toHaveText(
      "1 row has problems; nothing was imported. Fix them and import the whole file again.",
    );
    await expect(card.getByLabel("CSV file")).toBeFocused();
    const problems = card.getByRole("table", { name: "Problems in the file, by row" });
    await expect(problems.getByRole("row")).toHaveCount(2);
    await expect(problems.getByRole("row").nth(1)).toContainText("3");
    await expect(problems.getByRole("row").nth(1)).toContainText("unit_price");
    await expect(problems.getByRole("row").nth(1)).toContainText("like 48.00 in USD");
    expect(await ordersOf(shop.id)).toEqual([`E2E-${suffix}-1`, `E2E-${suffix}-2`]);

    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page);
  });
}

test("an admin makes the orders API key, sees it once, and a store's signed push lands", async ({
  adminPage: page,
}) => {
  const shop = await shopOfItsOwn();
  const [workspace] = await queryRows<{ key: string }>("SELECT key FROM workspaces WHERE id = $1", [
    shop.id,
  ]);
  await page.goto("/settings/connections");
  const card = apiCard(page, shop.name);
  await expect(card.getByText("None yet: no store can push orders")).toBeVisible();
  await card.getByRole("button", { name: "Create signing key" }).click();
  const shown = card.getByTestId("orders-signing-key");
  await expect(shown).toBeFocused();
  const secret = (await shown.textContent()) ?? "";
  expect(secret).toMatch(/^cs_orders_/);

  // A "#" in a number travels as %23 in the URL; the route compares the decoded number.
  const number = `#API-${randomBytes(4).toString("hex")}`;
  const body = JSON.stringify({
    number,
    customer: { email: `api-${number.slice(1).toLowerCase()}@example.com`, name: "Sam Ortiz" },
    currency: "USD",
    placedAt: "2026-11-02T14:30:00Z",
    deliveredAt: null,
    shippingCents: 0,
    paymentMethodLabel: "Visa •4242",
    lines: [
      {
        id: "1",
        sku: "SOCKS",
        name: "Wool socks",
        category: "apparel",
        quantity: 1,
        unitPriceCents: 1800,
        finalSale: false,
        opened: false,
      },
    ],
  });
  const timestamp = Math.floor(Date.now() / 1000);
  const signature = createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
  const pushed = await page.request.put(`/api/orders/${encodeURIComponent(number)}`, {
    headers: {
      "Content-Type": "application/json",
      "X-Countersign-Workspace": workspace?.key ?? "",
      "X-Countersign-Timestamp": String(timestamp),
      "X-Countersign-Signature": `v1=${signature}`,
    },
    data: body,
  });
  expect(pushed.status()).toBe(201);
  expect(await ordersOf(shop.id)).toEqual([number]);

  await page.reload();
  await expect(card.getByTestId("orders-signing-key")).toHaveCount(0);
  expect(await page.content()).not.toContain(secret);
  await expect(card.getByText(`••••${secret.slice(-4)}`)).toBeVisible();
  await expect(card.getByText(/last used/)).toBeVisible();
});
