import type { Page } from "@playwright/test";
import { collectConsoleErrors } from "./support/console-errors";
import { queryRows } from "./support/e2e-database";
import { expect, test } from "./support/staff-pages";
import { openChat } from "./support/widget";

/*
 * Every page under the content security policy, as staff and shoppers load it: a style or script
 * the policy refuses is dropped silently (the Insights bars once all drew at one length), so the
 * only trace is the browser's console.
 */

const mentionsCsp = (message: string) => /content security policy/i.test(message);

async function visitAndSettle(page: Page, path: string): Promise<void> {
  const response = await page.goto(path);
  expect(response?.status(), path).toBeLessThan(400);
  // Not "networkidle": staff pages hold a live event stream open. Load, then let the browser
  // go idle once, so what hydration adds has been applied (and refused) too.
  await page.waitForLoadState("load");
  await page.evaluate(
    () => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 5_000 })),
  );
}

test("no staff page trips the content security policy", async ({ adminPage: page }) => {
  // Ten pages loaded and settled one after another: 30 s ran out on a busy 2-core machine.
  test.setTimeout(60_000);
  const errors = collectConsoleErrors(page);
  const [conversation] = await queryRows<{ id: string; customer_id: string }>(
    "SELECT id, customer_id FROM conversations ORDER BY created_at LIMIT 1",
  );
  const [customer] = await queryRows<{ id: string }>("SELECT id FROM customers LIMIT 1");
  const paths = [
    "/inbox",
    "/inbox?queue=needs_person",
    "/inbox?queue=disputes",
    "/approvals",
    "/insights",
    "/audit",
    "/settings",
    "/staff",
    `/customers/${conversation?.customer_id ?? customer?.id ?? ""}`,
    ...(conversation ? [`/conversations/${conversation.id}`] : []),
  ];
  for (const path of paths) {
    await visitAndSettle(page, path);
    expect(errors.filter(mentionsCsp), path).toEqual([]);
  }
});

test("neither the demo shop nor the chat widget trips the content security policy", async ({
  page,
}) => {
  const errors = collectConsoleErrors(page);
  await visitAndSettle(page, "/demo");
  await page.getByRole("button", { name: "Shop as Maya Chen" }).click();
  const frame = await openChat(page);
  await expect(frame.getByLabel("Your message")).toBeVisible();
  await visitAndSettle(page, "/widget");
  expect(errors.filter(mentionsCsp)).toEqual([]);
});
