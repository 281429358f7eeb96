import { expect } from "@playwright/test";
import { queryRows } from "./e2e-database";

/** Waits until a conversation has had a run and none is queued or running; the machine may be busy. */
export async function waitForRunsToEnd(conversationId: string) {
  await expect
    .poll(
      async () => {
        const rows = await queryRows<{ open: number; total: number }>(
          `SELECT count(*) FILTER (WHERE status IN ('queued', 'running'))::int AS open,
             count(*)::int AS total FROM runs WHERE conversation_id = $1`,
          [conversationId],
        );
        return rows[0]?.total && rows[0].open === 0;
      },
      { timeout: 60_000, message: `the agent's run on ${conversationId} never ended` },
    )
    .toBe(true);
}
