import { waitForRunsToEnd } from "./support/agent-runs";
import { expect, test } from "./support/staff-pages";

// Tom's requests are outside the refund window: they change no other journey's refunds.

test("New email opens a ticket that the inbox then finds by search and opens from the keyboard", async ({
  agentPage: page,
}) => {
  await expect(page.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();

  const subject = `Blanket question ${Date.now()}`;
  await page.getByRole("button", { name: "New email" }).click();
  const dialog = page.getByRole("dialog", { name: "New email" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("From").fill("tom@example.com");
  await dialog.getByLabel("Subject").fill(subject);
  await dialog.getByLabel("Message").fill("Can I still return the wool throw from order A1021?");
  await dialog.getByRole("button", { name: "Send email" }).click();
  await page.waitForURL(/\/conversations\//);
  const ticketPath = new URL(page.url()).pathname;

  await page.goto("/inbox");
  // "/" jumps to search; the j typed there is text, not a shortcut.
  await page.locator("body").press("/");
  await expect(page.getByLabel(/^Search/)).toBeFocused();
  await page.keyboard.type(subject);
  await expect(page.getByLabel(/^Search/)).toHaveValue(subject);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/q=Blanket/);
  const rows = page.getByTestId("inbox-row");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Tom Alvarez");
  await expect(rows.first()).toContainText("Email");

  await page.locator("body").press("j");
  await expect(page.getByRole("link", { name: subject })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`${ticketPath}$`));
});

test("j and k move through the list; filters narrow it by status and channel", async ({
  agentPage: page,
}) => {
  // Two agent runs must end first; the machine may be busy.
  test.setTimeout(150_000);
  const token = `f${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const subjects = [`Filter check A ${token}`, `Filter check B ${token}`];
  for (const subject of subjects) {
    const created = await page.request.post("/api/conversations/email", {
      headers: { Origin: new URL(page.url()).origin },
      data: { from: "tom@example.com", subject, body: "What is your return window?" },
    });
    expect(created.status()).toBe(202);
    // The agent's reply moves its row to the top; the order is settled once both runs ended.
    await waitForRunsToEnd((await created.json()).conversationId);
  }

  await page.goto(`/inbox?channel=email&q=${token}`);
  const rows = page.getByTestId("inbox-row");
  await expect(rows).toHaveCount(2);
  await page.locator("body").press("j");
  await expect(rows.nth(0)).toHaveAttribute("data-selected", "");
  await page.locator("body").press("j");
  await expect(rows.nth(1)).toHaveAttribute("data-selected", "");
  await expect(page.locator("[data-selected]")).toHaveCount(1);
  await page.locator("body").press("k");
  await expect(rows.nth(0)).toHaveAttribute("data-selected", "");

  await page.goto(`/inbox?channel=chat&q=${token}`);
  await expect(page.getByText("No conversation matches these filters.")).toBeVisible();

  await page.goto("/inbox");
  const statusNav = page.getByRole("navigation", { name: "Filter by status" });
  await statusNav.getByRole("link", { name: /^Resolved/ }).click();
  await expect(statusNav.getByRole("link", { name: /^Resolved/ })).toHaveAttribute(
    "aria-current",
    "true",
  );
  for (const badge of await page.getByTestId("inbox-row").all()) {
    await expect(badge).toContainText("Resolved");
  }
});

test("Start a story lists all thirteen stories and launches one", async ({ agentPage: page }) => {
  const toggle = page.getByRole("button", { name: "Start a story" });
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  const stories = page.locator("[data-story-key]");
  await expect(stories).toHaveCount(13);
  await page.keyboard.press("Escape");
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(toggle).toBeFocused();

  await toggle.click();
  await page.locator('[data-story-key="past-30-days"]').click();
  await page.waitForURL(/\/conversations\//);
});

test("the inbox fits a 375 px screen", async ({ agentPage: page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/inbox");
  await expect(page.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});
