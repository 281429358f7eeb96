import type { Page } from "@playwright/test";
import { waitForRunsToEnd } from "./support/agent-runs";
import { queryRows } from "./support/e2e-database";
import { expect, signedInContext, test } from "./support/staff-pages";
import { openWidgetAs, say } from "./support/widget";

/*
 * A customer asks for a person in the widget: the agent hands over and says so once, and the
 * conversation waits in the inbox's "Needs a person" list with why, which staff reach by keyboard
 * on a 390 px phone.
 */

test.describe.configure({ timeout: 120_000 });

const PHONE = { width: 390, height: 844 };

async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
  });
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

test("a customer who asks for a person is told once and waits in the Needs a person list", async ({
  page,
  browser,
}) => {
  const { frame, email } = await openWidgetAs(page, "Sam Rivera");
  await say(frame, "I want to talk to a person, please.");
  const told = frame
    .locator("article")
    .filter({ hasText: "A person from our team will answer you here as soon as they can." });
  await expect(told).toHaveCount(1, { timeout: 30_000 });
  const [conversation] = await queryRows<{ id: string }>(
    `SELECT c.id FROM conversations c JOIN customers cu ON cu.id = c.customer_id
      WHERE cu.email = $1 ORDER BY c.created_at DESC LIMIT 1`,
    [email],
  );
  const conversationId = conversation?.id ?? "";
  await waitForRunsToEnd(conversationId);

  // While it waits for a person the agent stays silent: no run, no second hand-off.
  await say(frame, "Hello?");
  await expect(frame.locator("article").filter({ hasText: "Hello?" })).toBeVisible();
  const runs = await queryRows<{ count: number }>(
    "SELECT count(*)::int AS count FROM runs WHERE conversation_id = $1",
    [conversationId],
  );
  expect(runs[0]?.count).toBe(1);
  await expect(told).toHaveCount(1);

  const staff = await signedInContext(browser, "agent", { viewport: PHONE });
  try {
    const inbox = staff.page;
    const queueLink = inbox.getByRole("link", { name: /Needs a person/ });
    await queueLink.focus();
    await inbox.keyboard.press("Enter");
    await expect(inbox).toHaveURL(/queue=needs_person/);
    const row = inbox.getByTestId("queue-row").filter({ hasText: email });
    await expect(row).toContainText("Asked for a person");
    await expect(row).toContainText("The customer asked to talk to a person");
    await expectNoSidewaysScroll(inbox);

    const ticket = row.getByRole("link").first();
    await ticket.focus();
    await inbox.keyboard.press("Enter");
    await expect(inbox).toHaveURL(/\/conversations\//);
  } finally {
    await staff.context.close();
  }
});
