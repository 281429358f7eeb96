import { expect, test } from "@playwright/test";

test("health reports the app version and a reachable database", async ({ request }) => {
  const response = await request.get("/api/health");
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ status: "ok", database: { status: "up" } });
});

test("signed-out visitors are sent from the inbox to the sign-in page", async ({ page }) => {
  await page.goto("/inbox");
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByLabel(/password/i)).toBeVisible();
});
