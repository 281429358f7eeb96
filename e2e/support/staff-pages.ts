import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  test as base,
  type Page,
} from "@playwright/test";
import { type StaffRole, staffStorageState } from "./staff-sign-in";

/*
 * Staff pages that start from the session each role stored once (staff-sign-in.setup.ts), open
 * on the inbox as after signing in. A test asks for the roles it needs as fixtures; each page has
 * a browser context of its own, closed when the test ends.
 */

export async function signedInContext(
  browser: Browser,
  role: StaffRole,
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ ...options, storageState: staffStorageState(role) });
  const page = await context.newPage();
  await page.goto("/inbox");
  if (new URL(page.url()).pathname.startsWith("/login")) {
    throw new Error(
      `the ${role}'s stored session was refused: a spec signed the ${role} out or deactivated them (give such a spec a user of its own)`,
    );
  }
  return { context, page };
}

function staffPage(role: StaffRole) {
  return async ({ browser }: { browser: Browser }, use: (page: Page) => Promise<void>) => {
    const { context, page } = await signedInContext(browser, role);
    await use(page);
    await context.close();
  };
}

export const test = base.extend<{ agentPage: Page; approverPage: Page; adminPage: Page }>({
  agentPage: staffPage("agent"),
  approverPage: staffPage("approver"),
  adminPage: staffPage("admin"),
});

export { expect } from "@playwright/test";
