import type { Browser, Page } from "@playwright/test";
import { appInstance } from "./support/app-instance";
import { expect, signedInContext, test } from "./support/staff-pages";
import { postFromPage } from "./support/staff-session";

/*
 * Live updates across processes: every app instance LISTENs on the same Postgres, so a change
 * committed through one instance reaches pages served by another; and a page whose server goes
 * away reconnects by itself and catches up (Last-Event-ID replay) without a reload.
 */

// The stored sign-in cookie is good on every instance: they share the secret, and a cookie for
// localhost is sent to each of its ports.
async function openInbox(browser: Browser, origin: string): Promise<Page> {
  const { page } = await signedInContext(browser, "agent", { baseURL: origin });
  await expect(page.getByTestId("server-status")).toHaveAttribute("data-state", "online");
  // Survives router.refresh() but not a reload: proves updates arrived without one.
  await page.evaluate(() => {
    (window as unknown as { noReloadMarker: boolean }).noReloadMarker = true;
  });
  return page;
}

function wasNotReloaded(page: Page): Promise<boolean> {
  return page.evaluate(
    () => (window as unknown as { noReloadMarker?: boolean }).noReloadMarker === true,
  );
}

// A question from Tom (outside any refund window) changes no other journey's refunds.
async function newEmail(page: Page, subject: string): Promise<void> {
  const created = await postFromPage(page, "/api/conversations/email", {
    from: "tom@example.com",
    subject,
    body: "Quick question about order A1021: what is your return window?",
  });
  expect(created.status, JSON.stringify(created.body)).toBe(202);
}

test("a page served by a second app instance shows an update made through the first, live", async ({
  agentPage: page,
  browser,
}) => {
  test.setTimeout(120_000);
  const second = await appInstance();
  await second.start();
  try {
    const pill = page.getByTestId("server-status");
    await expect(pill).toHaveAttribute("data-state", "online");

    const other = await openInbox(browser, second.origin);
    const otherPill = other.getByTestId("server-status");
    await expect(otherPill).toContainText(/Online.*pid \d+/);
    const processId = await pill.getAttribute("data-process-id");
    const otherProcessId = await otherPill.getAttribute("data-process-id");
    expect(processId).toBeTruthy();
    expect(otherProcessId).toBeTruthy();
    expect(otherProcessId).not.toBe(processId);

    const subject = `Multi-instance check ${Date.now()}`;
    await newEmail(page, subject);
    await expect(other.getByRole("link", { name: subject })).toBeVisible({ timeout: 10_000 });
    await expect(page.getByRole("link", { name: subject })).toBeVisible({ timeout: 10_000 });
    expect(await wasNotReloaded(other)).toBe(true);
    await other.context().close();
  } finally {
    await second.stop();
  }
});

test("after its server restarts, an open page reconnects by itself and shows what changed meanwhile", async ({
  agentPage: page,
  browser,
}) => {
  test.setTimeout(180_000);
  const instance = await appInstance();
  await instance.start();
  try {
    const watched = await openInbox(browser, instance.origin);
    const pill = watched.getByTestId("server-status");
    const before = await pill.getAttribute("data-process-id");

    await instance.stop();
    await expect(pill).toHaveAttribute("data-state", "offline", { timeout: 15_000 });
    await expect(pill).toContainText("Offline");

    // Committed while the watched page's server is down, through the suite's main instance.
    const subject = `Restart check ${Date.now()}`;
    await newEmail(page, subject);

    await instance.start();
    await expect(pill).toHaveAttribute("data-state", "online", { timeout: 30_000 });
    expect(await pill.getAttribute("data-process-id")).not.toBe(before);
    await expect(watched.getByRole("link", { name: subject })).toBeVisible({ timeout: 15_000 });
    expect(await wasNotReloaded(watched)).toBe(true);
    await watched.context().close();
  } finally {
    await instance.stop();
  }
});
