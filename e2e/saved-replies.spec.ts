import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./support/staff-pages";
import { postFromPage, startStory, waitForAction } from "./support/staff-session";

/*
 * A saved reply from writing to sending: an agent writes one with the customer's first name and
 * the open quote's amount (an unknown variable is refused as they type), inserts it into a ticket
 * with an open quote by keyboard only, sees the name and the exact amount from the records, sends
 * it, and Insights counts the use. The management page is axe clean and fits 390 px.
 */

test.describe.configure({ timeout: 120_000 });

test("write a saved reply, insert it by keyboard into a ticket with an open quote, send it, and see the use in Insights", async ({
  agentPage: page,
}) => {
  const title = `Quote update ${test.info().workerIndex}-${Date.now()}`;
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/settings/saved-replies");
  await expect(page.getByRole("heading", { name: "Saved replies", level: 1 })).toBeVisible();
  const axe = await new AxeBuilder({ page }).analyze();
  expect(
    axe.violations.filter((violation) => ["serious", "critical"].includes(violation.impact ?? "")),
  ).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.getByLabel("Title").fill(title);
  const body = page.getByRole("textbox", { name: "Reply" });
  await body.fill("Hi {{customer.email}}");
  await expect(
    page.getByText('Line 1, column 4: "{{customer.email}}" is not a variable.'),
  ).toBeVisible();
  await expect(body).toHaveAttribute("aria-invalid", "true");
  await body.fill(
    "Hi {{customer.first_name}}, your refund of {{quote.amount}} is with a colleague for approval.",
  );
  await expect(page.getByTestId("reply-preview")).toHaveText(
    "Hi Maya, your refund of $48.00 is with a colleague for approval.",
  );
  await page.getByRole("button", { name: "Save reply" }).click();
  await expect(page.getByText(`Saved “${title}”.`)).toBeVisible();
  await expect(page.getByRole("listitem", { name: title })).toContainText("Personal");

  await page.setViewportSize({ width: 1440, height: 900 });
  const conversationId = await startStory(page, "cracked-on-arrival");
  const quote = await waitForAction(page, conversationId, "awaiting_approval");
  const amount = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(
    quote.netRefundCents / 100,
  );
  await page.goto(`/conversations/${conversationId}`);

  const reply = page.getByLabel("Reply to Maya Chen");
  // A key pressed before the page has hydrated meets no handler yet: press again until it does.
  await expect(async () => {
    await page.keyboard.press("r");
    await expect(reply).toBeFocused({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await page.keyboard.press("/");
  const picker = page.getByRole("combobox", { name: "Insert a saved reply" });
  await expect(picker).toBeFocused();
  await page.keyboard.type(title);
  await expect(page.getByRole("option", { name: new RegExp(title) })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await page.keyboard.press("Enter");
  const expected = `Hi Maya, your refund of ${amount} is with a colleague for approval.`;
  await expect(reply).toHaveValue(expected);
  await expect(reply).toBeFocused();
  await expect(picker).toHaveCount(0);

  await page.keyboard.press("Control+Enter");
  await expect(
    page.getByRole("status").filter({ hasText: "Reply sent to Maya Chen." }),
  ).toBeVisible();
  await expect(
    page.getByLabel("Reply to the customer").filter({ hasText: expected }),
  ).toBeVisible();

  await page.goto("/insights");
  const row = page.locator(`[data-saved-reply="${title}"]`);
  await expect(row.getByTestId("saved-reply-uses")).toHaveText("1");
});

test("Escape gives the slash back, and a reply the ticket cannot fill is not inserted", async ({
  agentPage: page,
}) => {
  const title = `Order check ${test.info().workerIndex}-${Date.now()}`;
  await page.goto("/settings/saved-replies");
  await page.getByLabel("Title").fill(title);
  await page.getByRole("textbox", { name: "Reply" }).fill("Your refund is {{quote.amount}}.");
  await page.getByRole("button", { name: "Save reply" }).click();
  await expect(page.getByText(`Saved “${title}”.`)).toBeVisible();

  const conversationId = await startStory(page, "past-30-days");
  await page.goto(`/conversations/${conversationId}`);
  const reply = page.getByRole("textbox", { name: /^Reply to / });
  await expect(async () => {
    await page.keyboard.press("r");
    await expect(reply).toBeFocused({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await page.keyboard.press("/");
  await expect(page.getByRole("combobox", { name: "Insert a saved reply" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(reply).toHaveValue("/");
  await expect(reply).toBeFocused();

  await reply.fill("");
  await page.keyboard.press("/");
  await page.keyboard.type(title);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "was not inserted" })).toContainText(
    "this ticket has no value for {{quote.amount}}",
  );
  await expect(reply).toHaveValue("");
});

test("an agent may not write a reply shared with the team", async ({ agentPage: page }) => {
  const refused = await postFromPage(page, "/api/saved-replies", {
    title: "For everyone",
    body: "Hello {{customer.first_name}}",
    shared: true,
  });
  expect(refused.status).toBe(403);
  expect(refused.body).toMatchObject({ code: "FORBIDDEN" });
  const listed = await page.request.get("/api/saved-replies");
  const { replies } = (await listed.json()) as { replies: { title: string }[] };
  expect(replies.map((reply) => reply.title)).not.toContain("For everyone");
});
