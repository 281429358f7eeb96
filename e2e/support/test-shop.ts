import { randomBytes } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { queryRows } from "./e2e-database";

/**
 * A shop (workspace) made for one test: a payment connection on the seeded shop would send the
 * refunds of every spec running in parallel to Stripe. The suite's staff are its members, so its
 * conversations and approvals are theirs to see.
 */
export async function shopOfItsOwn(): Promise<{ id: string; name: string; key: string }> {
  const suffix = randomBytes(4).toString("hex");
  const [shop] = await queryRows<{ id: string; name: string; key: string }>(
    `INSERT INTO workspaces (id, key, name, identity_secret)
     VALUES ($1, $2, $3, $4) RETURNING id, name, key`,
    [`ws_e2e_${suffix}`, `e2e-${suffix}`, `E2E Shop ${suffix}`, randomBytes(32).toString("hex")],
  );
  if (!shop) throw new Error("the test shop was not created");
  await queryRows(
    "INSERT INTO workspace_members (workspace_id, staff_user_id) SELECT $1, id FROM staff_users",
    [shop.id],
  );
  return shop;
}

/** The shop's Stripe (or Shopify) card on Settings → Connections. */
export function shopCard(
  page: Page,
  shopName: string,
  provider: "Stripe" | "Shopify" = "Stripe",
): Locator {
  return page
    .locator("section")
    .filter({ has: page.getByRole("heading", { name: `${shopName}: ${provider}` }) });
}
