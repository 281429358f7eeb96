import type { APIRequestContext } from "@playwright/test";
import { E2E_BASE_URL } from "./e2e-settings";
import { queryRows } from "./support/e2e-database";
import { expectNoAxeViolations, expectNoSidewaysScroll, PHONE } from "./support/page-checks";
import { expect, test } from "./support/staff-pages";
import { staffStorageState } from "./support/staff-sign-in";

/*
 * An SLA breach on a simulated clock: a ticket whose customer wrote two hours ago (back-dated in
 * the suite's database) under round-the-clock targets is breached on its live timer, in the
 * inbox and in Insights; a person pauses it with a reason by keyboard and the Activity tells it.
 * A second ticket, near its first-reply target, breaches in the browser as Playwright's clock
 * moves on, without asking the server again.
 */

test.describe.configure({ mode: "serial", timeout: 120_000 });

const ROUND_THE_CLOCK = {
  calendar: {
    timeZone: "UTC",
    weeklyHours: Array(7).fill({ opens: "00:00", closes: "24:00" }),
    holidays: [],
  },
  targets: {
    chat: { enabled: true, firstReplyMinutes: 15, resolutionMinutes: 60 },
    email: { enabled: true, firstReplyMinutes: 240, resolutionMinutes: 960 },
  },
  nearBreachPercent: 80,
};

/* A chat held by a person (no agent run), whose customer wrote `minutesAgo` minutes ago. */
async function backDatedChat(subject: string, minutesAgo: number): Promise<string> {
  const id = `sla${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  await queryRows(
    `WITH customer AS (
       SELECT cu.id FROM customers cu
         JOIN workspace_members wm ON wm.workspace_id = cu.workspace_id
         JOIN staff_users s ON s.id = wm.staff_user_id AND s.role = 'admin'
        ORDER BY cu.created_at LIMIT 1),
     owner AS (SELECT id FROM staff_users WHERE role = 'agent' ORDER BY created_at LIMIT 1)
     INSERT INTO conversations (id, channel, customer_id, subject, human_owner_id, updated_at,
                                last_message_at, created_at)
     SELECT $1, 'chat', customer.id, $2, owner.id, now(),
            now() - make_interval(mins => $3), now() - make_interval(mins => $3)
       FROM customer, owner`,
    [id, subject, minutesAgo],
  );
  await queryRows(
    `INSERT INTO messages (id, conversation_id, author_kind, visibility, body, created_at)
     VALUES ($1, $2, 'customer', 'customer', 'Where is my parcel?', now() - make_interval(mins => $3))`,
    [`${id}m`, id, minutesAgo],
  );
  return id;
}

async function saveSlaSettings(request: APIRequestContext, settings: unknown) {
  const response = await request.post("/api/settings/sla", {
    headers: { Origin: new URL(E2E_BASE_URL).origin },
    data: settings,
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as { recomputedTickets: number };
}

let previous: unknown;

test.beforeAll(async () => {
  const [row] = await queryRows<{ value: unknown }>("SELECT value FROM settings WHERE key = 'sla'");
  previous = row?.value;
});

test.afterAll(async ({ browser }) => {
  const context = await browser.newContext({ storageState: staffStorageState("admin") });
  if (previous) await saveSlaSettings(context.request, previous);
  else await queryRows("DELETE FROM settings WHERE key = 'sla'");
  await context.close();
});

test("an SLA breach on a simulated clock", async ({ adminPage: page, agentPage }) => {
  const subject = `Late parcel ${Date.now()}`;
  const id = await backDatedChat(subject, 120);
  // Saving the targets recomputes every open ticket's due times, the back-dated one included.
  const saved = await saveSlaSettings(page.request, ROUND_THE_CLOCK);
  expect(saved.recomputedTickets).toBeGreaterThanOrEqual(1);

  // An agent may not change the targets.
  const refused = await agentPage.request.post("/api/settings/sla", {
    headers: { Origin: new URL(E2E_BASE_URL).origin },
    data: ROUND_THE_CLOCK,
  });
  expect(refused.status()).toBe(403);

  await page.goto(`/conversations/${id}`);
  const timer = page.getByTestId("sla-timer");
  await expect(timer.getByRole("timer").first()).toHaveText(/First reply breached 1 h 4\d min ago/);
  await expect(timer.getByRole("timer").nth(1)).toHaveText(
    /Resolution breached 1 h( \d+ min)? ago/,
  );
  await expectNoAxeViolations(page);

  // The inbox: the row's badge and the queue bar's count, which filters the inbox.
  await page.goto("/inbox");
  const breachedPill = page.getByRole("link", { name: /SLA breached \(\d+\)/ });
  await expect(breachedPill).toBeVisible();
  await breachedPill.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/sla=breached/);
  const row = page.getByTestId("inbox-row").filter({ hasText: subject });
  await expect(row.getByText("SLA breached", { exact: true })).toBeVisible();

  // Insights counts it among the breached, in the period and now.
  await page.goto("/insights");
  const breachedNow = page.getByTestId("insights-sla-breached");
  await expect(breachedNow).toHaveText(/^[1-9]\d* breached$/);
  const firstReplyRow = page.locator('tr[data-figure="sla-first-reply"]');
  await expect(firstReplyRow.locator("td").nth(2)).not.toHaveText("0");

  // Pause with a reason, by keyboard, on a phone.
  await page.setViewportSize(PHONE);
  await page.goto(`/conversations/${id}`);
  const pause = page.getByRole("button", { name: "Pause SLA…" });
  await pause.focus();
  await page.keyboard.press("Enter");
  const reason = page.getByRole("textbox", { name: "Why pause the SLA?" });
  await expect(reason).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Say why the SLA waits, in a few words.")).toBeVisible();
  await page.keyboard.type("waiting for the carrier");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("sla-paused")).toContainText("Paused: waiting for the carrier");
  await expect(timer.getByRole("timer").first()).toHaveText("First reply paused");
  const activity = page.getByRole("region", { name: "Activity", exact: true });
  await expect(
    activity
      .getByTestId("activity-line")
      .filter({ hasText: "paused the SLA: “waiting for the carrier”" }),
  ).toHaveCount(1);
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  const [paused] = await queryRows<{ first_reply_due_at: Date | null; reason: string }>(
    `SELECT c.first_reply_due_at, p.reason FROM conversations c
       JOIN sla_pauses p ON p.conversation_id = c.id AND p.ended_at IS NULL WHERE c.id = $1`,
    [id],
  );
  expect(paused).toEqual({ first_reply_due_at: null, reason: "waiting for the carrier" });

  const resume = page.getByRole("button", { name: "Resume SLA" });
  await resume.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("sla-paused")).toHaveCount(0);
  await expect(timer.getByRole("timer").first()).toHaveText(/First reply breached/);
  await expect(
    activity.getByTestId("activity-line").filter({ hasText: "resumed the SLA" }),
  ).toHaveCount(1);
});

test("a ticket near its first-reply target breaches as the browser's clock moves on", async ({
  adminPage: page,
}) => {
  await saveSlaSettings(page.request, ROUND_THE_CLOCK);
  const subject = `Near breach ${Date.now()}`;
  const id = await backDatedChat(subject, 10);
  await saveSlaSettings(page.request, { ...ROUND_THE_CLOCK, nearBreachPercent: 60 });
  await page.clock.install({ time: new Date() });
  await page.goto(`/conversations/${id}`);
  const firstReply = page.getByTestId("sla-timer").getByRole("timer").first();
  await expect(firstReply).toHaveText(/First reply due in [45] min/);
  await expect(firstReply).toHaveAttribute("data-sla-state", "near_breach");
  await page.clock.fastForward("06:00");
  await expect(firstReply).toHaveText(/First reply breached (under a minute|1 min) ago/);
  await expect(firstReply).toHaveAttribute("data-sla-state", "breached");

  await page.goto("/inbox?sla=breaching_soon");
  await expect(
    page.getByTestId("inbox-row").filter({ hasText: subject }).getByText("SLA due soon"),
  ).toBeVisible();
});

test("the SLA settings are edited on the settings page", async ({ adminPage: page }) => {
  await saveSlaSettings(page.request, ROUND_THE_CLOCK);
  await page.goto("/settings");
  const form = page.getByRole("form", { name: "SLA targets and business hours" });
  const zone = form.getByRole("textbox", { name: "Time zone" });
  await zone.fill("Mars/Olympus");
  await form.getByRole("button", { name: "Save SLA settings" }).click();
  await expect(form.getByText("is not a time zone")).toBeVisible();
  await expect(zone).toBeFocused();
  await zone.fill("Europe/Berlin");
  await form.getByRole("textbox", { name: "Chat first reply" }).fill("30");
  await form.getByRole("button", { name: "Save SLA settings" }).click();
  await expect(
    form.getByText(/Saved\. Due times of \d+ open tickets were recomputed\./),
  ).toBeVisible();
  const [stored] = await queryRows<{
    value: { calendar: { timeZone: string }; targets: { chat: { firstReplyMinutes: number } } };
  }>("SELECT value FROM settings WHERE key = 'sla'");
  expect(stored?.value.calendar.timeZone).toBe("Europe/Berlin");
  expect(stored?.value.targets.chat.firstReplyMinutes).toBe(30);
  await expectNoAxeViolations(page);
});
