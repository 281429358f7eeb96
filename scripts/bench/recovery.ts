/*
 * npm run bench:recovery: how long after a crashed app is started again its work goes on. Two
 * crashes of the production server, each at a named fault point (the process exits there
 * like a kill -9, and its process group is then SIGKILLed), then a fresh one:
 * - a run killed after a tool result: time from the restart to the run being taken over and to
 *   its reply. Target: taken over within 5 s of the restart.
 * - an approval (too-big, $80.10) killed after the provider paid and before the refund was recorded: time from the
 *   restart to the refund recorded. Target: within 10 s of the restart.
 * The restart is measured from spawning the server, so the server's own boot is included.
 * Exits 1 when a target is missed or the work does not finish exactly once.
 */
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { type BenchApp, benchSecret, signIn, startBenchApp } from "./app-server";
import { describeLoad, describeMachine, ms, startBenchDatabase } from "./support";

const RESUME_TARGET_MS = 5_000;
const SETTLE_TARGET_MS = 10_000;
const DEADLINE_MS = 120_000;

console.log(`Machine: ${describeMachine()}`);
const db = await startBenchDatabase();
console.log(`Postgres durability: ${db.durability}`);
const secret = benchSecret();
let failed = false;

// Demo mode lets staff type the customer's "yes" (the approval path needs one).
const DEMO = { DEMO_MODE: "true" };
const apps: BenchApp[] = [];
async function startApp(env: Record<string, string> = {}): Promise<BenchApp> {
  const app = await startBenchApp(db.url, secret, { env: { ...DEMO, ...env } });
  apps.push(app);
  return app;
}

async function until<T>(what: string, read: () => Promise<T | null | undefined>): Promise<T> {
  const deadline = Date.now() + DEADLINE_MS;
  while (Date.now() < deadline) {
    const value = await read();
    if (value) return value;
    await sleep(25);
  }
  throw new Error(`Timed out waiting for ${what}`);
}

async function crash(app: BenchApp): Promise<void> {
  await Promise.race([app.exited, sleep(DEADLINE_MS)]);
  await app.stop();
}

function post(app: BenchApp, path: string, cookie: string, body: unknown) {
  return fetch(`${app.origin}${path}`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: app.origin, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
}

async function startStory(app: BenchApp, cookie: string, storyKey: string): Promise<string> {
  const response = await post(app, "/api/stories", cookie, { storyKey });
  if (response.status !== 202) throw new Error(`starting ${storyKey}: ${response.status}`);
  return ((await response.json()) as { conversationId: string }).conversationId;
}

function actionIn(prisma: PrismaClient, conversationId: string, status: string) {
  return prisma.pendingAction.findFirst({
    where: { conversationId, status: status as never },
    select: { id: true },
  });
}

function report(name: string, figure: number, target: number) {
  const ok = figure <= target;
  if (!ok) failed = true;
  console.log(`${name}: ${ms(figure)} (target ≤ ${ms(target)}) ${ok ? "pass" : "FAIL"}`);
}

try {
  console.log(`Load before: ${describeLoad()}`);
  // 1. A run killed between two steps.
  const crashing = await startApp({
    COUNTERSIGN_FAULT_POINT: "after_tool_result_before_next_step",
  });
  const agent = await signIn(crashing.origin, "agent@countersign.test", "agent-demo-pass");
  const conversationId = await startStory(crashing, agent, "small-refund");
  await crash(crashing);
  const run = await db.prisma.run.findFirstOrThrow({ where: { conversationId } });
  const restartedAt = performance.now();
  const restarted = await startApp();
  const bootMs = performance.now() - restartedAt;
  await until("the run to be taken over", () =>
    db.prisma.auditEvent.findFirst({ where: { kind: "run.lease_recovered", subjectId: run.id } }),
  );
  const resumedMs = performance.now() - restartedAt;
  await until("the run to finish", () =>
    db.prisma.run.findFirst({ where: { id: run.id, status: "completed" } }),
  );
  const finishedMs = performance.now() - restartedAt;
  console.log(`\nRun killed after a tool result (small-refund):`);
  console.log(`  the server answered /api/health ${ms(bootMs)} after the restart`);
  report("  run taken over after the restart", resumedMs, RESUME_TARGET_MS);
  console.log(`  run finished ${ms(finishedMs)} after the restart`);

  // 2. An approval killed after the provider paid.
  const quoteFor = await signIn(restarted.origin, "agent@countersign.test", "agent-demo-pass");
  const paying = await startStory(restarted, quoteFor, "too-big");
  const quoted = await until("a quote", () => actionIn(db.prisma, paying, "awaiting_confirmation"));
  // Typed by staff for the customer; $80.10 is over the automatic limit, so an approver decides.
  const yes = await post(restarted, `/api/conversations/${paying}/messages`, quoteFor, {
    text: "yes",
  });
  if (yes.status !== 202) throw new Error(`staff "yes": ${yes.status} ${await yes.text()}`);
  await until("the approval request", () => actionIn(db.prisma, paying, "awaiting_approval")).catch(
    async (error) => {
      const actions = await db.prisma.pendingAction.findMany({
        where: { conversationId: paying },
        select: { status: true, needsApproval: true, confirmedByStaffId: true },
      });
      const messages = await db.prisma.message.findMany({
        where: { conversationId: paying },
        select: { authorKind: true, visibility: true, body: true },
        orderBy: { createdAt: "asc" },
      });
      console.error(JSON.stringify({ actions, messages }, null, 1));
      throw error;
    },
  );
  await restarted.stop();
  const approving = await startApp({
    COUNTERSIGN_FAULT_POINT: "after_payment_before_record",
  });
  const approver = await signIn(
    approving.origin,
    "approver@countersign.test",
    "approver-demo-pass",
  );
  await post(approving, `/api/approvals/${quoted.id}/decision`, approver, {
    decision: "approve",
  }).catch(() => null);
  await crash(approving);
  const executing = await db.prisma.pendingAction.findUniqueOrThrow({ where: { id: quoted.id } });
  const settleFrom = performance.now();
  const settling = await startApp();
  await until("the refund to be recorded", () =>
    db.prisma.refund.findFirst({ where: { pendingActionId: quoted.id } }),
  );
  const settledMs = performance.now() - settleFrom;
  const refunds = await db.prisma.refund.count({ where: { pendingActionId: quoted.id } });
  // What follows a decision is a job written with it, so the customer is told without the request.
  const decidedAt = (
    await db.prisma.approvalDecision.findUniqueOrThrow({ where: { pendingActionId: quoted.id } })
  ).createdAt;
  await until("the customer to be told", () =>
    db.prisma.message.findFirst({
      where: {
        conversationId: paying,
        authorKind: "agent",
        visibility: "customer",
        createdAt: { gt: decidedAt },
      },
    }),
  );
  const toldMs = performance.now() - settleFrom;
  console.log(
    `\nApproval killed after the provider paid (status at the crash: ${executing.status}):`,
  );
  report("  refund recorded after the restart", settledMs, SETTLE_TARGET_MS);
  console.log(`  refunds recorded: ${refunds}`);
  console.log(
    `  customer told ${ms(toldMs)} after the restart (the decision followed up by the process that took over)`,
  );
  if (executing.status !== "executing" || refunds !== 1) failed = true;
  await settling.stop();
  console.log(`\nLoad after: ${describeLoad()}`);
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  await Promise.all(apps.map((app) => app.stop()));
  await db.stop();
}
process.exit(failed ? 1 : 0);
