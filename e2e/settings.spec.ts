import AxeBuilder from "@axe-core/playwright";
import pg from "pg";
import { expect, test } from "./support/staff-pages";

/*
 * /settings as an admin: a bad value is refused at the field and nothing is stored; a good one is
 * saved and audited with its old and new value. (The refund limits are the refund policy's now:
 * refund-policy.spec.ts.) The change made here (chat idle timeout) cannot
 * disturb journeys running in parallel, and it is put back afterwards.
 */

async function storedSettingChanges(key: string): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query(
      "SELECT payload FROM audit_events WHERE kind = 'setting.changed' AND subject_id = $1 ORDER BY id",
      [key],
    );
    return rows.map((row) => row.payload);
  } finally {
    await client.end();
  }
}

test("an admin changes a setting: bad values are refused at the field, good ones saved and audited", async ({
  adminPage: page,
}) => {
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Settings" })
    .click();
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();

  // The refund limits moved into the refund policy; the general form points there.
  await expect(page.getByLabel("Auto-approve limit")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "refund policy", exact: true })).toHaveAttribute(
    "href",
    "/settings/policy",
  );
  await page.getByLabel("Chat idle timeout").fill("0");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByLabel("Chat idle timeout")).toHaveAttribute("aria-invalid", "true");

  const idle = page.getByLabel("Chat idle timeout");
  await idle.fill("45");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved" })).toHaveText(
    "Saved: chat idle timeout.",
  );
  await page.reload();
  await expect(page.getByLabel("Chat idle timeout")).toHaveValue("45");
  expect(await storedSettingChanges("chatIdleMinutes")).toContainEqual({
    key: "chatIdleMinutes",
    oldValue: 30,
    newValue: 45,
  });

  const axe = await new AxeBuilder({ page }).analyze();
  expect(
    axe.violations.filter((violation) => ["serious", "critical"].includes(violation.impact ?? "")),
  ).toEqual([]);

  await page.getByLabel("Chat idle timeout").fill("30");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved" })).toHaveText(
    "Saved: chat idle timeout.",
  );
});

test("settings are for admins: an approver has no link and is refused the page", async ({
  approverPage: page,
}) => {
  await expect(
    page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Settings" }),
  ).toHaveCount(0);
  await page.goto("/settings");
  await expect(
    page.getByRole("heading", { name: "You don't have access to this page" }),
  ).toBeVisible();
});
