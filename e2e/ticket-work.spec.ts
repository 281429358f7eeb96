import type { Page } from "@playwright/test";
import { collectConsoleErrors } from "./support/console-errors";
import { expect, test } from "./support/staff-pages";
import { postFromPage, readThread, startStory, waitForAction } from "./support/staff-session";
import { STAFF } from "./support/staff-sign-in";

/*
 * A person works a ticket end to end: reply on the email channel (the outbox email shows word
 * for word), a note that cannot pass for a quote, take over (the AI stays silent) and hand
 * back, assign, solve with the keyboard and reopen by a customer reply; the customer profile;
 * the email body limit; and a ticket view with no CSP or hydration errors in the console.
 */

test.describe.configure({ timeout: 90_000 });

async function waitForIdle(page: Page, conversationId: string) {
  await expect
    .poll(
      async () => {
        const thread = (await readThread(page, conversationId)) as unknown as {
          timeline: { type: string; status?: string }[];
        };
        return thread.timeline.some(
          (item) => item.type === "run" && (item.status === "queued" || item.status === "running"),
        );
      },
      { timeout: 30_000 },
    )
    .toBe(false);
}

test("reply by email, add a note, assign, solve with s, and a customer reply reopens", async ({
  agentPage: page,
}) => {
  const errors = collectConsoleErrors(page);
  const conversationId = await startStory(page, "cracked-on-arrival");
  await waitForIdle(page, conversationId);
  await page.goto(`/conversations/${conversationId}`);

  // A key pressed before the page has hydrated meets no handler yet: press again until it does.
  const reply = page.getByLabel("Reply to Maya Chen");
  await expect(async () => {
    await page.keyboard.press("r");
    await expect(reply).toBeFocused({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await reply.fill("We have your photos and are on it.");
  await page.getByRole("button", { name: "Send reply" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Reply sent to Maya Chen." }),
  ).toBeVisible();
  const sent = page
    .getByLabel("Reply to the customer")
    .filter({ hasText: "We have your photos and are on it." });
  await expect(sent).toContainText(`— ${STAFF.agent.name}, Countersign Support`);
  await expect(sent).toContainText(/Emailed to maya(\+[^@]+)?@example\.com/);

  await page.keyboard.press("n");
  const forged = "| Item | Refund |\n|---|---|\n| Coffee maker | $480.00 |";
  await page.getByRole("textbox", { name: "Internal note" }).fill(forged);
  await page.getByRole("button", { name: "Add note" }).click();
  const note = page.getByLabel(`Team note by ${STAFF.agent.name}`);
  await expect(note).toContainText("| Coffee maker | $480.00 |");
  await expect(note.locator("table")).toHaveCount(0);

  await page.keyboard.press("a");
  const assignee = page.getByLabel("Assignee");
  await expect(assignee).toBeFocused();
  await assignee.selectOption({ label: `Me (${STAFF.agent.name})` });
  await expect(page.getByText(`Assigned to ${STAFF.agent.name}.`)).toBeVisible();

  await page.locator("body").click({ position: { x: 5, y: 5 } });
  await page.keyboard.press("s");
  await expect(page.getByText("Marked solved.")).toBeVisible();
  await expect(page.getByLabel("Ticket status")).toHaveValue("solved");

  const answered = await postFromPage(page, `/api/conversations/${conversationId}/messages`, {
    text: "One more question about the mugs.",
  });
  expect(answered.status).toBe(202);
  await expect(page.getByLabel("Ticket status")).toHaveValue("open", { timeout: 15_000 });
  expect(errors).toEqual([]);
});

test("take over silences the AI until it is handed back", async ({ agentPage: page }) => {
  const conversationId = await startStory(page, "too-big");
  await waitForIdle(page, conversationId);
  await page.goto(`/conversations/${conversationId}`);
  await page.getByRole("button", { name: "Take over" }).click();
  await expect(page.getByTestId("ticket-owner")).toHaveText(`${STAFF.agent.name} (AI paused)`);

  const runsBefore = (await readThread(page, conversationId)).timeline.filter(
    (item) => (item as { type: string }).type === "run",
  ).length;
  await page.getByLabel("Reply as the customer").fill("Is anyone there?");
  await page.getByRole("button", { name: "Send as customer" }).click();
  await expect(
    page.getByLabel("Message from the customer").filter({ hasText: "Is anyone there?" }),
  ).toBeVisible();
  const runsWhileHeld = (await readThread(page, conversationId)).timeline.filter(
    (item) => (item as { type: string }).type === "run",
  ).length;
  expect(runsWhileHeld).toBe(runsBefore);

  await page.getByRole("button", { name: "Hand back to AI" }).click();
  await expect(page.getByTestId("ticket-owner")).toHaveText("AI agent");
  await expect
    .poll(
      async () =>
        (await readThread(page, conversationId)).timeline.filter(
          (item) => (item as { type: string }).type === "run",
        ).length,
      { timeout: 30_000 },
    )
    .toBe(runsBefore + 1);
});

test("the customer profile shows orders, lines and their refund state", async ({
  agentPage: page,
}) => {
  const conversationId = await startStory(page, "angry-customer");
  await waitForIdle(page, conversationId);
  await page.goto(`/conversations/${conversationId}`);
  await page.getByRole("link", { name: "Priya Natarajan" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Priya Natarajan" })).toBeVisible();
  const giftCard = page.getByTestId("order-line").filter({ hasText: "Gift card" }).first();
  await expect(giftCard).toContainText("final sale");
  await page.setViewportSize({ width: 360, height: 800 });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});

test("a New email body over the limit is refused with the limit named and nothing stored", async ({
  agentPage: page,
}) => {
  const refused = await postFromPage(page, "/api/conversations/email", {
    from: "maya@example.com",
    subject: "Too long body",
    body: "x".repeat(8001),
  });
  expect(refused.status).toBe(422);
  expect(JSON.stringify(refused.body)).toContain("8000");
  await page.goto("/inbox?q=Too+long+body");
  await expect(page.getByText("No conversation matches these filters.")).toBeVisible();
});

test("a ticket whose quote is counting down renders and ticks without console errors (no hydration mismatch)", async ({
  agentPage: page,
}) => {
  const errors = collectConsoleErrors(page);
  const conversationId = await startStory(page, "too-big");
  const action = await waitForAction(page, conversationId, "awaiting_confirmation");
  for (const load of [() => page.goto(`/conversations/${conversationId}`), () => page.reload()]) {
    await load();
    const timer = page.locator(`section[data-action-id="${action.id}"]`).getByRole("timer");
    await expect(timer).toContainText(/\d+:\d{2} left to confirm/);
    const first = await timer.textContent();
    await expect(timer).not.toHaveText(first ?? "", { timeout: 15_000 });
  }
  expect(errors).toEqual([]);
});

test("a link to a ticket from before the rename (/tickets/…) opens its conversation page", async ({
  agentPage: page,
}) => {
  const conversationId = await startStory(page, "too-big");
  await page.goto(`/tickets/${conversationId}`);
  await expect(page).toHaveURL(new RegExp(`/conversations/${conversationId}$`));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});
