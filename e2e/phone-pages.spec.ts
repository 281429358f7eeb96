import type { Locator } from "@playwright/test";
import { waitForRunsToEnd } from "./support/agent-runs";
import {
  DESKTOP,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  PHONE,
} from "./support/page-checks";
import { expect, signedInContext, test } from "./support/staff-pages";
import { postFromPage, startStory, waitForAction } from "./support/staff-session";
import { STAFF } from "./support/staff-sign-in";

/*
 * The staff pages on a 390 px phone: the inbox, a ticket, the approvals page and the audit log
 * fit the screen (no sideways page scroll), show their key data, keep touch targets of at least
 * 44 px and pass axe; a paid refund's ticket tells its story in sentences, with the raw events
 * one click away. The same pages at 1440 px keep their tables.
 */

test.describe.configure({ timeout: 120_000 });

/** Visible and wholly inside the phone's width, so nothing needs a sideways scroll to be read. */
async function expectOnScreen(locator: Locator) {
  await expect(locator).toBeVisible();
  const box = await locator.boundingBox();
  expect(box, "has a box").not.toBeNull();
  expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
}

async function expectTouchTarget(locator: Locator) {
  const box = await locator.boundingBox();
  expect(box?.height ?? 0, "a touch target at least 44 px tall").toBeGreaterThanOrEqual(44);
}

test("inbox, approvals, ticket and audit log at 390 px: a paid refund told in sentences", async ({
  browser,
}) => {
  const { context, page } = await signedInContext(browser, "admin", { viewport: PHONE });
  try {
    const conversationId = await startStory(page, "cracked-on-arrival");
    const action = await waitForAction(page, conversationId, "awaiting_approval");
    // Approving before the agent's acknowledgement is sent would make it out of date.
    await waitForRunsToEnd(conversationId);

    await page.goto("/inbox");
    await expect(page.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
    const row = page.locator(`[data-testid="inbox-row"][data-conversation-id="${conversationId}"]`);
    await expectOnScreen(row.getByRole("link", { name: "Coffee maker arrived cracked" }));
    await expectOnScreen(row.getByText("Order A1043"));
    await expectOnScreen(row.getByRole("link", { name: "Maya Chen" }));
    await expectOnScreen(row.getByText("$48.00"));
    await expectOnScreen(row.getByText(/^Ticket (open|pending|solved)/));
    await expectTouchTarget(row.getByRole("link", { name: "Coffee maker arrived cracked" }));
    await expectTouchTarget(row.getByRole("link", { name: "Maya Chen" }));
    await expectTouchTarget(
      page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Audit" }),
    );
    await expectNoSidewaysScroll(page, "inbox");
    await expectNoAxeViolations(page, "inbox");

    await page.goto("/approvals");
    const card = page.locator(`article[data-action-id="${action.id}"]`);
    await expectOnScreen(card.getByText("Maya Chen").first());
    await expectOnScreen(card.getByRole("heading", { level: 3 }));
    await expect(card.getByRole("heading", { level: 3 })).toHaveText(/^Refund \$48\.00 — /);
    const approve = card.getByRole("button", { name: "Approve $48.00" });
    await expectOnScreen(approve);
    await expectTouchTarget(approve);
    await expectNoSidewaysScroll(page, "approvals");
    await expectNoAxeViolations(page, "approvals");
    await approve.click();
    await expect(card.getByRole("status")).toContainText(/Approved\. Refund rf_\w+ of \$48\.00/, {
      timeout: 15_000,
    });
    await waitForAction(page, conversationId, "executed");

    await page.goto(`/conversations/${conversationId}`);
    await expect(
      page.getByRole("heading", { level: 1, name: "Coffee maker arrived cracked" }),
    ).toBeVisible();
    await expectOnScreen(
      page.locator(`section[data-action-id="${action.id}"]`).getByText("executed"),
    );
    const activity = page.getByRole("region", { name: "Activity", exact: true });
    const lines = activity.getByTestId("activity-line");
    const story = [
      "The agent proposed a $48.00 refund (arrived damaged)",
      `${STAFF.admin.name} approved the $48.00 refund`,
      "Built-in ledger refunded $48.00 to Visa •4242",
      "The $48.00 refund went through",
    ];
    for (const sentence of story) await expect(lines.filter({ hasText: sentence })).toHaveCount(1);
    // Told in the order it happened.
    const told = await lines.locator("p").allTextContents();
    expect(told.filter((sentence) => story.includes(sentence))).toEqual(story);
    await expectOnScreen(lines.filter({ hasText: story[2] }));
    await expectNoSidewaysScroll(page, "ticket");
    await expectNoAxeViolations(page, "ticket");

    const raw = activity.getByRole("link", { name: "Raw audit events for this ticket" });
    await expectTouchTarget(raw);
    await raw.click();
    await expect(page).toHaveURL(new RegExp(`/audit\\?conversation=${conversationId}$`));
    await expect(page.getByText("Hash chain verified.")).toBeVisible();
    const events = page.getByRole("region", { name: "Audit events, newest first" });
    const executed = events.getByText("refund.executed", { exact: true });
    await expectOnScreen(executed);
    await expectOnScreen(events.locator("time").first());
    await expectNoSidewaysScroll(page, "audit log");
    await expectNoAxeViolations(page, "audit log");
  } finally {
    await context.close();
  }
});

test("at 1440 px the inbox and the audit log keep their tables", async ({ browser }) => {
  const { context, page } = await signedInContext(browser, "admin", { viewport: DESKTOP });
  try {
    await page.goto("/inbox");
    const table = page.getByRole("table", { name: "Conversations, most recent activity first" });
    await expect(table.getByRole("columnheader", { name: "Customer" })).toBeVisible();
    await expectNoSidewaysScroll(page, "inbox at 1440 px");

    await page.goto("/audit");
    const events = page.getByRole("table", { name: "Audit events, newest first" });
    await expect(events.getByRole("columnheader", { name: "Kind" })).toBeVisible();
    await expectNoSidewaysScroll(page, "audit log at 1440 px");
  } finally {
    await context.close();
  }
});

test("an open ticket's Activity tells a decision made on another screen, without a reload", async ({
  agentPage: page,
  approverPage,
}) => {
  const conversationId = await startStory(page, "cracked-on-arrival");
  const action = await waitForAction(page, conversationId, "awaiting_approval");
  await waitForRunsToEnd(conversationId);

  await page.goto(`/conversations/${conversationId}`);
  const lines = page
    .getByRole("region", { name: "Activity", exact: true })
    .getByTestId("activity-line");
  await expect(lines.filter({ hasText: "The agent proposed a $48.00 refund" })).toHaveCount(1);
  const approved = lines.filter({ hasText: `${STAFF.approver.name} approved the $48.00 refund` });
  await expect(approved).toHaveCount(0);
  // An agent may not read the raw audit log, so the view offers no way there.
  await expect(page.getByRole("link", { name: "Raw audit events for this ticket" })).toHaveCount(0);

  const decided = await postFromPage(approverPage, `/api/approvals/${action.id}/decision`, {
    decision: "approve",
  });
  expect(decided.status, JSON.stringify(decided.body)).toBe(200);
  await expect(approved).toHaveCount(1, { timeout: 30_000 });
  await expect(lines.filter({ hasText: "The $48.00 refund went through" })).toHaveCount(1, {
    timeout: 30_000,
  });
});
