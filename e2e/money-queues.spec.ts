import type { Page } from "@playwright/test";
import { queryRows, withDatabase } from "./support/e2e-database";
import { expect, test } from "./support/staff-pages";
import { confirmStoryQuote } from "./support/staff-session";

/*
 * The queues where money problems land, worked from the inbox as a person would: a refund that
 * failed its last check before money moved, one the provider failed after paying it, and one
 * whose payment outcome is unknown. The
 * customer's "yes" is typed by an agent-role user, so the approver is free to approve.
 */

// One after the other: each counts the Failed refunds queue around its own change.
test.describe.configure({ mode: "serial", timeout: 120_000 });

async function jacketAwaitingApproval(customerProxy: Page) {
  const { conversationId, action } = await confirmStoryQuote(customerProxy, "too-big");
  return { conversationId, actionId: action.id };
}

function queueRow(page: Page, conversationId: string) {
  return page.getByTestId("queue-row").filter({
    has: page.locator(`a[href="/conversations/${conversationId}"]`),
  });
}

async function queueCount(page: Page, queue: string): Promise<number> {
  return Number((await page.getByTestId(`queue-count-${queue}`).textContent())?.replace(/\D/g, ""));
}

test("a refund whose order changed so the policy no longer allows it fails before money moves, and lands in Failed refunds with why and what to do", async ({
  agentPage,
  approverPage: page,
}) => {
  const { conversationId, actionId } = await jacketAwaitingApproval(agentPage);
  // The order's facts change while the refund waits: it now reads as delivered 60 days ago.
  await withDatabase((client) =>
    client.query(
      `UPDATE orders SET delivered_at = now() - interval '60 days'
         WHERE id = (SELECT order_id FROM pending_actions WHERE id = $1)`,
      [actionId],
    ),
  );

  await page.goto("/approvals");
  const card = page.locator(`article[data-action-id="${actionId}"]`);
  await card.getByRole("button", { name: "Approve $80.10" }).click();
  await expect(card.getByRole("status")).toContainText("it is now failed", { timeout: 30_000 });
  const [refunds] = await queryRows<{ count: number }>(
    "SELECT count(*)::int AS count FROM refunds WHERE pending_action_id = $1",
    [actionId],
  );
  expect(refunds?.count).toBe(0);

  await page.goto("/inbox?queue=failed_refunds");
  const row = queueRow(page, conversationId);
  await expect(row).toContainText("$80.10");
  await expect(row).toContainText("changed since the quote was made: its delivery details changed");
  await expect(row).toContainText("outside the 30-day return window");
  await expect(row).toContainText("The order changed after the customer agreed to the quote");
  const before = await queueCount(page, "failed_refunds");
  expect(before).toBeGreaterThan(0);

  await row.locator(`a[href="/conversations/${conversationId}"]`).click();
  await expect(page).toHaveURL(new RegExp(`/conversations/${conversationId}`));
  await page.locator("body").click({ position: { x: 5, y: 5 } });
  await page.keyboard.press("s");
  await expect(page.getByText("Marked solved.")).toBeVisible();
  await page.goto("/inbox?queue=failed_refunds");
  await expect(queueRow(page, conversationId)).toHaveCount(0);
  expect(await queueCount(page, "failed_refunds")).toBe(before - 1);
});

test("a refund the provider fails after paying lands in Failed refunds with the provider's reason, and the ticket's card says so", async ({
  agentPage,
  approverPage: page,
}) => {
  const { conversationId, actionId } = await jacketAwaitingApproval(agentPage);
  await page.goto("/approvals");
  const card = page.locator(`article[data-action-id="${actionId}"]`);
  await card.getByRole("button", { name: "Approve $80.10" }).click();
  await expect(card.getByRole("status")).toContainText("Approved. Refund", { timeout: 30_000 });

  // What the webhook intake stores when the provider reports the paid refund failed days later:
  // the refund's state and reason, and the ticket the refund had solved opened again.
  await withDatabase(async (client) => {
    await client.query(
      `UPDATE refunds SET status = 'failed', status_reason = 'lost_or_stolen_card',
              failed_at = now() WHERE pending_action_id = $1 AND paid_at IS NOT NULL`,
      [actionId],
    );
    await client.query(`UPDATE conversations SET ticket_status = 'open' WHERE id = $1`, [
      conversationId,
    ]);
  });

  await page.goto("/inbox?queue=failed_refunds");
  const row = queueRow(page, conversationId);
  await expect(row.locator('[data-refund-state="failed"]')).toHaveText("Failed");
  await expect(row).toContainText("failed after being paid");
  await expect(row).toContainText("the card was reported lost or stolen");
  await expect(row).toContainText("reported this refund paid, then took it back");

  await page.goto(`/conversations/${conversationId}`);
  const record = page.locator(`section[data-action-id="${actionId}"]`).getByTestId("refund-record");
  await expect(record).toContainText("Failed");
  await expect(record).toContainText("Built-in ledger · failed after being paid");
});

test("a payment whose outcome is unknown is looked up at the provider by its key and marked not paid; the customer is told and it is audited", async ({
  agentPage,
  approverPage: page,
}) => {
  const { conversationId, actionId } = await jacketAwaitingApproval(agentPage);
  // As after a crash between approval and the provider's answer: approved, outcome unknown.
  await withDatabase((client) =>
    client.query("UPDATE pending_actions SET status = 'needs_reconciliation' WHERE id = $1", [
      actionId,
    ]),
  );

  await page.goto("/inbox?queue=needs_reconciliation");
  const row = queueRow(page, conversationId);
  await expect(row).toContainText("$80.10");
  await row.getByRole("button", { name: "Look up at the provider" }).click();
  await expect(row.getByTestId("provider-lookup")).toContainText("holds no refund under");
  await row.getByRole("button", { name: "Mark paid" }).click();
  await expect(row.getByRole("status")).toContainText("Write what you checked first.");
  await row.getByLabel("What you checked (required)").fill("Provider has nothing under the key.");
  await row.getByRole("button", { name: "Mark paid" }).click();
  await expect(row.getByRole("status")).toContainText("holds no completed refund");
  await row.getByRole("button", { name: "Mark not paid" }).click();
  await expect(queueRow(page, conversationId)).toHaveCount(0, { timeout: 30_000 });

  const [action] = await queryRows<{ status: string }>(
    "SELECT status FROM pending_actions WHERE id = $1",
    [actionId],
  );
  expect(action?.status).toBe("failed");
  const audited = await queryRows<{ kind: string }>(
    "SELECT kind FROM audit_events WHERE subject_id = $1 AND kind LIKE 'pending_action.%' ORDER BY id DESC LIMIT 1",
    [actionId],
  );
  expect(audited[0]?.kind).toMatch(/failed/);

  await page.goto(`/conversations/${conversationId}`);
  await expect(
    page
      .getByLabel("Reply to the customer")
      .filter({ hasText: "We could not complete your refund of $80.10" }),
  ).toBeVisible();
});
