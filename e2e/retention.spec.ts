import AxeBuilder from "@axe-core/playwright";
import { queryRows } from "./support/e2e-database";
import { expect, test } from "./support/staff-pages";

/*
 * Retention from /settings: an admin changes a period (audited), runs a dry run that counts an
 * old receipt without deleting it, then prunes it (counts audited). Only rows older than every
 * period are involved, so journeys running beside this one are untouched.
 */

const RECEIPT_SCOPE = "e2e.retention";

test("an admin sets a retention period, dry-runs retention, then prunes", async ({
  adminPage: page,
}) => {
  const key = `old-${Date.now()}`;
  await queryRows(
    `INSERT INTO idempotency_receipts (id, scope, key, request_fingerprint, result, created_at)
     VALUES ($1, $2, $3, 'e2e', '{}', now() - interval '400 days')`,
    [`ir_${key}`, RECEIPT_SCOPE, key],
  );
  const receiptExists = async () =>
    (await queryRows("SELECT 1 FROM idempotency_receipts WHERE key = $1", [key])).length;

  await page.goto("/settings");
  const retention = page.getByRole("form", { name: "Retention periods" });
  const receipts = retention.getByLabel("Idempotency receipts");
  await expect(receipts).toHaveValue("30");
  await receipts.fill("0");
  await retention.getByRole("button", { name: "Save retention periods" }).click();
  await expect(receipts).toHaveAttribute("aria-invalid", "true");
  await receipts.fill("60");
  await retention.getByRole("button", { name: "Save retention periods" }).click();
  await expect(retention.getByRole("status")).toHaveText("Saved: idempotency receipts.");
  expect(
    await queryRows(
      "SELECT payload FROM audit_events WHERE kind = 'setting.changed' AND subject_id = $1",
      ["idempotencyReceiptRetentionDays"],
    ),
  ).toContainEqual({
    payload: { key: "idempotencyReceiptRetentionDays", oldValue: 30, newValue: 60 },
  });

  await page.getByRole("button", { name: "Dry run" }).click();
  const result = page.getByRole("table", { name: "A run now would delete" });
  await expect(result).toBeVisible();
  await expect(result.locator('[data-kind="idempotencyReceipts"]')).not.toHaveText("0");
  expect(await receiptExists()).toBe(1);
  const axe = await new AxeBuilder({ page }).analyze();
  expect(
    axe.violations.filter((violation) => ["serious", "critical"].includes(violation.impact ?? "")),
  ).toEqual([]);

  await page.getByRole("button", { name: "Prune now" }).click();
  const deleted = page.getByRole("table", { name: "Deleted" });
  await expect(deleted).toBeVisible({ timeout: 30_000 });
  await expect(deleted.locator('[data-kind="idempotencyReceipts"]')).not.toHaveText("0");
  expect(await receiptExists()).toBe(0);
  const [audited] = await queryRows<{
    actor: string;
    payload: { idempotencyReceipts: number };
  }>(
    `SELECT s.email AS actor, a.payload FROM audit_events a JOIN staff_users s ON s.id = a.actor_id
     WHERE a.kind = 'retention.pruned' ORDER BY a.id DESC LIMIT 1`,
  );
  expect(audited?.actor).toBe("admin@countersign.test");
  expect(audited?.payload.idempotencyReceipts).toBeGreaterThanOrEqual(1);

  await receipts.fill("30");
  await retention.getByRole("button", { name: "Save retention periods" }).click();
  await expect(retention.getByRole("status")).toHaveText("Saved: idempotency receipts.");
});
