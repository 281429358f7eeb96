import { expect, test } from "./support/staff-pages";
import { startStory } from "./support/staff-session";

/*
 * The disputes queue as billing sees it: a count in the inbox's queue bar, the ledger amount,
 * category and impact, and acknowledge / resolve from the queue.
 */

test.describe.configure({ timeout: 90_000 });

test("billing acknowledges and resolves a dispute from the disputes queue", async ({
  approverPage: page,
}) => {
  const conversationId = await startStory(page, "billing-dispute");
  await page.goto("/inbox?queue=disputes");
  const row = page.getByTestId("queue-row").filter({
    has: page.locator(`a[href="/conversations/${conversationId}"]`),
  });
  await expect(row).toContainText("$119.98", { timeout: 30_000 });
  await expect(row).toContainText("duplicate charge");
  await expect(row).toContainText("medium");
  await expect(row.getByRole("link", { name: "Ana Lopez" })).toBeVisible();

  await row.getByRole("button", { name: "Acknowledge" }).click();
  await expect(row.getByText("acknowledged", { exact: true })).toBeVisible();
  await row.getByRole("button", { name: "Resolve…" }).click();
  await row.getByLabel("How it was resolved (required)").fill("Duplicate charge voided.");
  await row.getByRole("button", { name: "Resolve dispute" }).click();
  await expect(row).toHaveCount(0);
});
