import { withDatabase } from "./support/e2e-database";
import { expect, test } from "./support/staff-pages";
import { startStory } from "./support/staff-session";

/*
 * Stop and Resume on the ticket page. The offline agent finishes a turn in well under a second,
 * too fast to click, so the run's state is set in the database first, as another process would
 * leave it: stopped, or running under someone else's live lease.
 */

// Each journey waits for real agent runs, several at once when workers run in parallel.
test.describe.configure({ timeout: 90_000 });

async function latestRun(conversationId: string): Promise<{ id: string; status: string }> {
  return withDatabase(async (client) => {
    const { rows } = await client.query(
      "SELECT id, status FROM runs WHERE conversation_id = $1 ORDER BY created_at DESC LIMIT 1",
      [conversationId],
    );
    return rows[0];
  });
}

test("a stopped run can be resumed from the ticket page, and a running one asked to stop", async ({
  agentPage: page,
}) => {
  const conversationId = await startStory(page, "past-30-days");
  await expect.poll(async () => (await latestRun(conversationId)).status).toBe("completed");
  const run = await latestRun(conversationId);

  await withDatabase((client) =>
    client.query("UPDATE runs SET status = 'stopped', finished_at = NULL WHERE id = $1", [run.id]),
  );
  await page.goto(`/conversations/${conversationId}`);
  const block = page.locator(`[data-run-id="${run.id}"]`);
  await expect(block.getByRole("button", { name: "Stop run" })).toHaveCount(0);
  await block.getByRole("button", { name: "Resume run" }).click();
  await expect(block.getByRole("status")).toHaveText("Run resumed.");
  await expect.poll(async () => (await latestRun(conversationId)).status).toBe("completed");
  await expect(block.getByText("completed", { exact: true })).toBeVisible();

  await withDatabase((client) =>
    client.query(
      `UPDATE runs SET status = 'running', lease_owner = 'another-host:1:abcd',
         lease_expires_at = now() + interval '5 minutes', finished_at = NULL WHERE id = $1`,
      [run.id],
    ),
  );
  try {
    await page.reload();
    await block.getByRole("button", { name: "Stop run" }).click();
    // The lease holder stops at its next heartbeat; until then the run says so.
    await expect(block.getByRole("status")).toHaveText("Stop requested (stopping).");
    await expect(block.getByText("stop requested", { exact: true })).toBeVisible();
  } finally {
    // The made-up holder never heartbeats: let its lease lapse now so the sweeper takes the run
    // over at once, instead of leaving a live-looking run for later specs to wait on for 5 minutes.
    await withDatabase((client) =>
      client.query("UPDATE runs SET lease_expires_at = now() WHERE id = $1", [run.id]),
    );
  }
});
