import bcrypt from "bcryptjs";
import { queryRows } from "./support/e2e-database";
import { expect, test } from "./support/staff-pages";
import { STAFF, STAFF_ROLES, signIn, signInWith, submitSignInForm } from "./support/staff-sign-in";

for (const role of STAFF_ROLES) {
  test(`the ${role} signs in and sees their role in the header`, async ({ page }) => {
    await signIn(page, role);

    await expect(page).toHaveURL(/\/inbox/);
    const banner = page.getByRole("banner");
    await expect(banner.getByText(STAFF[role].name)).toBeVisible();
    await expect(banner.getByText(`Role: ${role}`, { exact: true })).toBeVisible();
  });
}

test("a wrong password is refused with a message and no session", async ({ page }) => {
  await submitSignInForm(page, { email: STAFF.approver.email, password: "not-the-password" });

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

test("demo mode says so on every staff page", async ({ agentPage: page }) => {
  const notice = page.getByRole("region", { name: "Demo mode" });
  await expect(notice).toContainText("Do not use with real customers");
  await page.goto("/approvals");
  await expect(notice).toBeVisible();
});

// Each of these once sent the browser to evil.example or answered 500.
for (const callbackUrl of [
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r/evil.example",
  "//evil.example",
]) {
  test(`signing in with callbackUrl ${JSON.stringify(callbackUrl)} stays on this site`, async ({
    page,
    baseURL,
  }) => {
    await signInWith(page, STAFF.agent, `/login?callbackUrl=${encodeURIComponent(callbackUrl)}`);
    expect(new URL(page.url()).origin).toBe(new URL(baseURL as string).origin);
    await expect(page.getByRole("banner").getByText(STAFF.agent.name)).toBeVisible();

    // Signed in already, the login page sends the same link home instead of failing.
    const again = await page.goto(`/login?callbackUrl=${encodeURIComponent(callbackUrl)}`);
    expect(again?.status()).toBeLessThan(500);
    expect(new URL(page.url()).origin).toBe(new URL(baseURL as string).origin);
  });
}

test("signing out revokes the session cookie itself, not just the browser's copy", async ({
  browser,
  baseURL,
}) => {
  // Sign-out ends every session of its user, so this test signs out a user of its own.
  const email = `sign-out-${Date.now()}@countersign.test`;
  const password = "sign-out-test-pass";
  await queryRows(
    `INSERT INTO staff_users (id, email, name, role, password_hash)
     VALUES ($1, $2, 'Sol Signout', 'agent', $3)`,
    [`stf_signout_${Date.now()}`, email, bcrypt.hashSync(password, 10)],
  );
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInWith(page, { email, password });
  const kept = await context.storageState();
  expect((await context.request.get("/api/inbox")).status()).toBe(200);
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL(/\/login/);
  await context.close();

  const replay = await browser.newContext({ storageState: kept, baseURL });
  expect((await replay.request.get("/api/inbox")).status()).toBe(401);
  await replay.close();
});
