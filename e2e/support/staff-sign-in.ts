import path from "node:path";
import type { Page } from "@playwright/test";

/*
 * The seeded staff, and the real /login form that signs them in (the same cookie a person gets).
 * Specs start from the session each role stored once (staff-sign-in.setup.ts); only what is about
 * signing in drives the form itself.
 */

export type StaffRole = "agent" | "approver" | "admin";

export const STAFF_ROLES: readonly StaffRole[] = ["agent", "approver", "admin"];

export const STAFF = {
  agent: { email: "agent@countersign.test", password: "agent-demo-pass", name: "Avery Agent" },
  approver: {
    email: "approver@countersign.test",
    password: "approver-demo-pass",
    name: "Pat Approver",
  },
  admin: { email: "admin@countersign.test", password: "admin-demo-pass", name: "Ada Admin" },
} as const;

export type Credentials = { email: string; password: string };

/** Where the setup project leaves a role's signed-in browser state (gitignored). */
export function staffStorageState(role: StaffRole): string {
  return path.resolve(import.meta.dirname, "..", ".auth", `${role}.json`);
}

/** Fills in and sends the sign-in form at `loginUrl` (which may carry a callbackUrl). */
export async function submitSignInForm(
  page: Page,
  credentials: Credentials,
  loginUrl = "/login",
): Promise<void> {
  await page.goto(loginUrl);
  await page.getByLabel("Email").fill(credentials.email);
  await page.getByLabel("Password").fill(credentials.password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** Signs in through the form and waits until the app has let the browser in. */
export async function signInWith(
  page: Page,
  credentials: Credentials,
  loginUrl = "/login",
): Promise<void> {
  await submitSignInForm(page, credentials, loginUrl);
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
}

export function signIn(page: Page, role: StaffRole): Promise<void> {
  return signInWith(page, STAFF[role]);
}
