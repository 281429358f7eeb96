import { expect, test } from "./support/staff-pages";

test("public health says only whether the app is up", async ({ request }) => {
  const response = await request.get("/api/health");
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: "ok" });
});

test("signed-in staff see the health details", async ({ agentPage: page }) => {
  const response = await page.request.get("/api/health");
  expect(await response.json()).toMatchObject({
    status: "ok",
    version: expect.any(String),
    database: { status: "up" },
    process: { pid: expect.any(Number) },
  });
});

test("signed-out visitors are sent from the inbox to the sign-in page", async ({ page }) => {
  await page.goto("/inbox");
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByLabel(/password/i)).toBeVisible();
});
