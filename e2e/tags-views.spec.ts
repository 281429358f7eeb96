import { expectNoAxeViolations, expectNoSidewaysScroll, PHONE } from "./support/page-checks";
import { expect, signedInContext, test } from "./support/staff-pages";
import { startStory } from "./support/staff-session";

/*
 * Tags and saved views as a support team uses them: a rule tags a billing dispute the moment it
 * opens, a person adds a tag by keyboard, saves a shared inbox view filtered on it, and a
 * colleague sees that view in the queue bar with its count and the right ticket, on a phone too.
 */

test.describe.configure({ timeout: 120_000 });

test("a rule tags a dispute, a person tags it by keyboard and shares a view the team sees with its count", async ({
  agentPage: page,
  browser,
}) => {
  const conversationId = await startStory(page, "billing-dispute");
  const tag = `chargeback-${Date.now().toString(36)}`;
  const viewName = `Chargebacks ${Date.now().toString(36)}`;

  await page.goto(`/conversations/${conversationId}`);
  const tags = page.getByRole("region", { name: "Tags" });
  await expect(tags.getByTestId("tag-chip").filter({ hasText: "dispute-opened" })).toBeVisible({
    timeout: 30_000,
  });

  const field = tags.getByLabel("Add a tag");
  await field.focus();
  await page.keyboard.type(tag);
  await page.keyboard.press("Enter");
  await expect(tags.getByTestId("tag-chip").filter({ hasText: tag })).toBeVisible();
  await expect(tags.getByRole("status")).toHaveText(`Tagged ${tag}.`);
  await expect(field).toHaveValue("");
  await expect(field).toBeFocused();

  // Backspace in the empty field takes the last tag off again; Enter puts it back.
  await page.keyboard.type("temporary");
  await page.keyboard.press("Enter");
  await expect(tags.getByTestId("tag-chip").filter({ hasText: "temporary" })).toBeVisible();
  await page.keyboard.press("Backspace");
  await expect(tags.getByTestId("tag-chip").filter({ hasText: "temporary" })).toHaveCount(0);
  await expect(tags.getByRole("button", { name: `Remove tag ${tag}` })).toBeVisible();
  await expectNoAxeViolations(page, "ticket with tags");

  // The inbox, filtered on the new tag, shows exactly this ticket; save it as a shared view.
  await page.goto("/inbox");
  await page.getByLabel("Tag", { exact: true }).fill(tag);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(new RegExp(`tag=${tag}`));
  const rows = page.getByTestId("inbox-row");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute("data-conversation-id", conversationId);
  await expect(rows.first().getByTestId("tag-chip").filter({ hasText: tag })).toBeVisible();

  await page.getByLabel("Save these filters as a view").fill(viewName);
  await page.getByLabel("Share with the team").check();
  await page.getByRole("button", { name: "Save view" }).click();
  await expect(page).toHaveURL(/view=/);
  const queues = page.getByRole("navigation", { name: "Work queues" });
  const ownView = queues.getByRole("link", { name: new RegExp(viewName) });
  await expect(ownView).toHaveAttribute("aria-current", "true");
  await expect(ownView).toContainText("(1)");
  await expectNoAxeViolations(page, "inbox with a saved view");

  // A colleague, on a phone, finds the shared view in the queue bar with its count.
  const colleague = await signedInContext(browser, "approver", { viewport: PHONE });
  try {
    const other = colleague.page;
    const shared = other
      .getByRole("navigation", { name: "Work queues" })
      .getByRole("link", { name: new RegExp(viewName) });
    await expect(shared).toContainText("(1)");
    await shared.click();
    await expect(other).toHaveURL(/view=/);
    const theirRows = other.getByTestId("inbox-row");
    await expect(theirRows).toHaveCount(1);
    await expect(theirRows.first()).toHaveAttribute("data-conversation-id", conversationId);
    await expect(theirRows.first().getByTestId("tag-chip").filter({ hasText: tag })).toBeVisible();
    // Only its owner or an admin may rename a shared view.
    await expect(other.getByRole("button", { name: "Rename" })).toHaveCount(0);
    await expectNoSidewaysScroll(other);
    await expectNoAxeViolations(other, "shared view at 390 px");
  } finally {
    await colleague.context.close();
  }
});
