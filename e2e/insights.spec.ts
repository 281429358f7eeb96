import { readFile } from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { waitForRunsToEnd } from "./support/agent-runs";
import { queryRows } from "./support/e2e-database";
import { expect, test } from "./support/staff-pages";
import { startStory } from "./support/staff-session";

// The story's agent run must finish first; the machine may be busy.
test.describe.configure({ timeout: 120_000 });

async function expectNoSeriousViolations(page: Page) {
  const axe = await new AxeBuilder({ page }).analyze();
  expect(
    axe.violations.filter((violation) => ["serious", "critical"].includes(violation.impact ?? "")),
  ).toEqual([]);
}

test("a support lead reads last week's figures, follows one to its conversations and downloads the CSV", async ({
  agentPage: page,
}) => {
  const conversationId = await startStory(page, "past-30-days");
  await waitForRunsToEnd(conversationId);
  const [conversation] = await queryRows<{ status: string }>(
    "SELECT status FROM conversations WHERE id = $1",
    [conversationId],
  );

  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Insights" })
    .click();
  await expect(page.getByRole("heading", { name: "Insights", level: 1 })).toBeVisible();
  for (const title of [
    "Conversations by channel and outcome",
    "Resolved by the agent alone or with a person",
    "Time to first reply, approval and refund",
    "Refunds by reason",
    "Approvals and rejections",
    "Refunds by provider state",
    "Refund failures by the provider's reason",
    "Denials by policy section",
    "Disputes by category and impact",
    "Model tokens and cost per resolved conversation",
    "Unsafe outcomes caught",
  ]) {
    await expect(page.getByRole("heading", { name: title, level: 2 })).toBeVisible();
  }
  const byOutcome = page.locator(`tr[data-figure="conversations:email:${conversation?.status}"]`);
  await expect(byOutcome.getByTestId("figure-count")).not.toHaveText("0");
  const windowDenials = page.locator('tr[data-figure="denials:§2"]');
  await expect(windowDenials).toBeVisible();
  await expectNoSeriousViolations(page);

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download CSV" }).click();
  const csv = await readFile((await (await download).path()) as string, "utf8");
  const lines = csv.split("\r\n");
  expect(lines[1]).toBe(
    "section,figure,label,count,amount_cents,currency,refund_state,p50_ms,p90_ms,conversation_ids",
  );
  const denialRow = lines.find((line) => line.startsWith("denials,denials:§2,"));
  expect(denialRow).toContain(conversationId);

  await windowDenials.getByRole("link", { name: "Policy §2" }).click();
  await expect(page).toHaveURL(/\/inbox\?insight=denials%3A%C2%A72/);
  await expect(page.getByTestId("insight-filter")).toContainText("behind “Policy §2”");
  await expect(page.locator(`a[href="/conversations/${conversationId}"]`).first()).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.getByRole("link", { name: "Back to insights" }).click();
  await expect(page.getByRole("heading", { name: "Insights", level: 1 })).toBeVisible();
});

test("a chosen period shows only what happened in it, and the page fits a phone", async ({
  agentPage: page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/insights?from=2001-01-01&to=2001-01-31");
  await expect(page.getByLabel("From")).toHaveValue("2001-01-01");
  await expect(page.getByLabel("To")).toHaveValue("2001-01-31");
  await expect(page.getByText("Nothing in this period.").first()).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await expectNoSeriousViolations(page);
});
