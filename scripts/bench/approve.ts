/*
 * npm run bench:approve: 200 concurrent Approve requests on one pending refund, over HTTP to a
 * production `next start` (route wrapper, session check, decision service, payment, audit).
 * Expected: exactly one 200, 199 × 409, exactly one refund, every attempt audited; prints the
 * latency percentiles. Loopback only; bounded: two rounds (two email stories) of 200 requests.
 */
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { benchSecret, signIn, startBenchApp } from "./app-server";
import { describeMachine, ms, percentile, startBenchDatabase } from "./support";

const CONCURRENCY = Number(process.env.BENCH_APPROVE_CONCURRENCY ?? 200);
// Email stories always wait for an approver, whatever the amount.
const STORIES = ["cracked-on-arrival", "angry-customer"];

const db = await startBenchDatabase();
const app = await startBenchApp(db.url, benchSecret()).catch(async (error) => {
  await db.stop();
  throw error;
});
let failed = false;
try {
  console.log(`Machine: ${describeMachine()}`);
  const approver = await signIn(app.origin, "approver@countersign.test", "approver-demo-pass");
  const admin = await signIn(app.origin, "admin@countersign.test", "admin-demo-pass");
  const post = (path: string, cookie: string, body: unknown) =>
    fetch(`${app.origin}${path}`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: app.origin, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });

  for (const storyKey of STORIES) {
    const started = await post("/api/stories", approver, { storyKey });
    if (started.status !== 202) throw new Error(`starting ${storyKey}: ${started.status}`);
    const { conversationId } = (await started.json()) as { conversationId: string };

    // The agent proposes the refund in the background; wait for it to reach the queue.
    let actionId: string | undefined;
    const deadline = Date.now() + 30_000;
    while (!actionId && Date.now() < deadline) {
      const action = await db.prisma.pendingAction.findFirst({
        where: { conversationId, status: "awaiting_approval" },
        select: { id: true },
      });
      actionId = action?.id;
      if (!actionId) await sleep(100);
    }
    if (!actionId) throw new Error(`${storyKey}: no action reached awaiting_approval in 30 s`);

    // Two approvers (approver and admin) share the 200 clicks.
    const latencies: number[] = [];
    const statuses = new Map<number, number>();
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const requests = Array.from({ length: CONCURRENCY }, async (_, index) => {
      await gate;
      const start = performance.now();
      const response = await post(
        `/api/approvals/${actionId}/decision`,
        index % 2 === 0 ? approver : admin,
        { decision: "approve" },
      );
      await response.arrayBuffer();
      latencies.push(performance.now() - start);
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    });
    const wallStart = performance.now();
    release();
    await Promise.all(requests);
    const wall = performance.now() - wallStart;

    const refunds = await db.prisma.refund.count({ where: { pendingActionId: actionId } });
    const decisions = await db.prisma.approvalDecision.count({
      where: { pendingActionId: actionId },
    });
    const audit = await db.prisma.auditEvent.groupBy({
      by: ["kind"],
      where: { subjectType: "pending_action", subjectId: actionId },
      _count: { _all: true },
    });
    const ok = statuses.get(200) ?? 0;
    const conflicts = statuses.get(409) ?? 0;
    const roundPassed =
      ok === 1 && conflicts === CONCURRENCY - 1 && refunds === 1 && decisions === 1;
    failed ||= !roundPassed;

    console.log(`\n${storyKey}: ${CONCURRENCY} concurrent approvals of ${actionId} in ${ms(wall)}`);
    console.log(
      `  responses: ${[...statuses].map(([status, count]) => `${count} × ${status}`).join(", ")}`,
    );
    console.log(`  refunds: ${refunds}, stored decisions: ${decisions}`);
    console.log(
      `  audit events: ${audit.map((row) => `${row.kind} × ${row._count._all}`).join(", ")}`,
    );
    console.log(
      `  latency: p50 ${ms(percentile(latencies, 50))}, p95 ${ms(percentile(latencies, 95))}, p99 ${ms(percentile(latencies, 99))}, max ${ms(Math.max(...latencies))}`,
    );
    console.log(
      `  exactly one refund, one 200, ${CONCURRENCY - 1} × 409: ${roundPassed ? "PASS" : "FAIL"}`,
    );
  }
} finally {
  await app.stop();
  await db.stop();
}
if (failed) process.exitCode = 1;
