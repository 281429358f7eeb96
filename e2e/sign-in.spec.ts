import { expect, test } from "@playwright/test";
import { STAFF, type StaffRole, signIn } from "./support/staff-session";

const ROLES: StaffRole[] = ["agent", "approver", "admin"];

for (const role of ROLES) {
  test(`the ${role} signs in and sees their role in the header`, async ({ page }) => {
    await signIn(page, role);

    await expect(page).toHaveURL(/\/inbox/);
    const banner = page.getByRole("banner");
    await expect(banner.getByText(STAFF[role].name)).toBeVisible();
    await expect(banner.getByText(`Role: ${role}`, { exact: true })).toBeVisible();
  });
}

test("a wrong password is refused with a message and no session", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("Email").fill(STAFF.approver.email);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign in" }).click();

  await expect(page.getByText(/wrong email or password/i)).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  await page.goto("/inbox");
  await expect(page).toHaveURL(/\/login\?callbackUrl=/);
});

test("signed-out API calls get 401 problem+json", async ({ request }) => {
  const response = await request.get("/api/inbox");

  expect(response.status()).toBe(401);
  expect(response.headers()["content-type"]).toContain("application/problem+json");
  expect(await response.json()).toMatchObject({ status: 401, code: "UNAUTHENTICATED" });
});
