/*
 * npm run bench:turn: the database round trips of each agent step and the time a tool step costs
 * at the HTTP edge of a production server, with the model answering at once, on a Postgres with
 * production durability (fsync, synchronous_commit and full_page_writes on, as `npm start` runs
 * it). Exits 1 when a target is missed: at most 10 round trips per step (mean), and a median
 * tool step at the edge of at most 14 ms (half the 28–32 ms measured before the one-statement
 * step writes). Needs a production build for the edge part (`npx next build`).
 *
 * In process: stories 1, 4, 5 and 7 (first message and scripted follow-ups) through the real
 * entry points, the durable loop and the chat wire format against the fake OpenAI-compatible
 * server on loopback, BENCH_TURN_RUNS rounds (default 36) after one warm-up round. A step is one
 * model request and everything the server does around it. The steps of a run partition its
 * time: step 1 starts when the customer's message is stored and the run launched (claim, first
 * reads, prompt), each step ends when the next model request starts, the last one when the run
 * is finished. Its server time is that span minus the model's part, counted two ways: minus the
 * whole model call as the loop sees it (SDK, loopback HTTP, SSE parsing: what a real provider's
 * latency replaces), and minus only the fake model's decision (the wire counted).
 *
 * At the edge: the production server pointed at the same fake model through OPENAI_BASE_URL; each story's
 * first message is posted to /api/stories as a signed-in admin. A tool step is the time from one
 * model request of the run to the next as the fake model sees them arrive, less its decision:
 * the SDK, the SSE answer, the durable writes, the tool and the next read all count.
 * BENCH_TURN_EDGE_RUNS rounds (default 12) after one warm-up round.
 *
 * `--baseline DIR` measures another checkout (an older commit with the same schema, built with
 * `npx next build`) back to back with this one: their edge rounds alternate in blocks (baseline,
 * this, this, baseline), each block on a fresh server after a warm-up round, so both see the same
 * machine and load. The edge target then is the issue's own: a median tool step at most half the
 * baseline's.
 */
import path from "node:path";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import type { ModelProvider } from "@/lib/agent/model/provider";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { adapterOptions, sessionOptions } from "@/lib/server/database-session";
import { benchSecret, signIn, startBenchApp } from "./app-server";
import { type ModelDecision, startBenchModel } from "./bench-model";
import { playStory, resetAndSeed, type TurnRunner } from "./play-story";
import { describeLoad, describeMachine, ms, percentile, startBenchDatabase } from "./support";

// 28 steps a round: the default gives about 1,000 steps.
const ROUNDS = Math.max(1, Number(process.env.BENCH_TURN_RUNS ?? 36));
const STORIES = ["cracked-on-arrival", "too-big", "small-refund", "billing-dispute"];
const EDGE_ROUNDS = Math.max(1, Number(process.env.BENCH_TURN_EDGE_RUNS ?? 12));
const TARGET_ROUND_TRIPS_PER_STEP = 10;
const TARGET_EDGE_TOOL_STEP_MS = 14;
const TARGET_EDGE_RATIO_TO_BASELINE = 0.5;
const BASELINE = parseArgs({ options: { baseline: { type: "string" } } }).values.baseline;
const BASELINE_ROOT = BASELINE === undefined ? undefined : path.resolve(BASELINE);
const RUN_DEADLINE_MS = 30_000;

type ModelCall = { start: number; end: number; thinkingMs: number; queriesBefore: number };
type Step = { loopMs: number; wireMs: number; queries: number };

const db = await startBenchDatabase();
process.env.DATABASE_URL = db.url;
process.env.NEXTAUTH_SECRET ??= "bench-secret-bench-secret-bench-secret-00";
process.env.LOG_LEVEL ??= "warn";

// Round trips: every statement the pg driver sends for the loop's Prisma client (BEGIN, COMMIT,
// advisory locks and raw SQL included) goes through Client#query, one round trip each.
let queries = 0;
// Statement kinds (first SQL word) inside measured runs, to show where the round trips go.
let measuring = false;
const kinds = new Map<string, number>();
class CountingClient extends pg.Client {}
const sendQuery = pg.Client.prototype.query;
CountingClient.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  queries += 1;
  if (measuring) {
    const [query] = args as [string | { text?: string }];
    const text = typeof query === "string" ? query : (query.text ?? "");
    const kind = (text.trimStart().split(/\s/)[0] ?? "").toUpperCase();
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  }
  return Reflect.apply(sendQuery, this, args);
} as typeof sendQuery;
const pool = new pg.Pool({
  connectionString: db.url,
  options: sessionOptions(),
  Client: CountingClient,
});
// pool.end() resolves before its sockets have closed, and Prisma drops its listener from a pool
// it does not own: without this, Postgres stopping under a closing client crashes the bench.
pool.on("error", () => {});
const loopPrisma = new PrismaClient({ adapter: new PrismaPg(pool, adapterOptions()) });

let calls: ModelCall[] = [];
let thinking = 0;
// Model requests the production server made, when each arrived and how long the fake model
// took to decide (the part of a tool step that is the bench's, not the server's).
let edgeRequests: { at: number; thinkingMs: number; tools: string }[] = [];
const model = await startBenchModel(db.prisma, (decision: ModelDecision) => {
  thinking += decision.thinkingMs;
  edgeRequests.push({
    at: performance.now() - decision.thinkingMs,
    thinkingMs: decision.thinkingMs,
    tools:
      decision.reply.type === "reply"
        ? (decision.reply.toolCalls ?? []).map((call) => call.name).join("+") || "reply"
        : decision.reply.type,
  });
});
const chat = model.provider("chat");
const timedProvider: ModelProvider = {
  id: chat.id,
  model: chat.model,
  costMicroUsd: chat.costMicroUsd,
  async *stream(request) {
    const call = { start: performance.now(), end: 0, thinkingMs: 0, queriesBefore: queries };
    thinking = 0;
    try {
      yield* chat.stream(request);
    } finally {
      call.end = performance.now();
      call.thinkingMs = thinking;
      calls.push(call);
    }
  },
};

// The run ends with a fire-and-forget look for the next queued run; wait for the pool to go idle
// so that query counts with this run, not the next turn's.
async function settle() {
  await sleep(1);
  for (let i = 0; i < 1000 && (pool.idleCount < pool.totalCount || pool.waitingCount > 0); i++) {
    await sleep(1);
  }
}

let steps: Step[] = [];
const measureTurn: TurnRunner = async (post) => {
  calls = [];
  const posted = await post();
  // launchRun started the loop just before the entry point returned.
  const runStart = performance.now();
  const queriesAtStart = queries;
  measuring = true;
  const outcome = await posted.completion;
  const runEnd = performance.now();
  await settle();
  measuring = false;
  calls.forEach((call, index) => {
    const next = calls[index + 1];
    const spanStart = index === 0 ? runStart : call.start;
    const spanEnd = next ? next.start : runEnd;
    const span = spanEnd - spanStart;
    steps.push({
      loopMs: span - (call.end - call.start),
      wireMs: span - call.thinkingMs,
      queries:
        (next ? next.queriesBefore : queries) - (index === 0 ? queriesAtStart : call.queriesBefore),
    });
  });
  return outcome;
};

async function round() {
  await resetAndSeed(db.prisma);
  for (const story of STORIES) {
    await playStory(story, { db: loopPrisma, provider: timedProvider }, measureTurn);
  }
}

// A tool step at the edge and the tool (or tools) the model asked for in the answer it follows.
type EdgeStep = { tools: string; ms: number };

// One story's first turn through a production server. A tool step at the edge is the time from
// one model request of the run to the next, less the fake model's decision: streaming the
// answer, storing it, running the tool, storing its result, reading the next model input and
// sending the next request, all inside the production server.
async function edgeTurn(origin: string, cookie: string, storyKey: string): Promise<EdgeStep[]> {
  edgeRequests = [];
  const response = await fetch(`${origin}/api/stories`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: origin, "Content-Type": "application/json" },
    body: JSON.stringify({ storyKey }),
  });
  if (response.status !== 202) {
    throw new Error(`${storyKey}: /api/stories answered ${response.status}`);
  }
  const { runId } = (await response.json()) as { runId: string };
  const deadline = Date.now() + RUN_DEADLINE_MS;
  for (;;) {
    const run = await db.prisma.run.findUniqueOrThrow({
      where: { id: runId },
      select: { status: true },
    });
    if (run.status === "completed") break;
    if (run.status === "failed" || run.status === "stopped") {
      throw new Error(`${storyKey}: the run ended ${run.status}`);
    }
    if (Date.now() > deadline) throw new Error(`${storyKey}: the run did not finish in 30 s`);
    await sleep(20);
  }
  const requests = edgeRequests;
  return requests.slice(1).map((next, index) => {
    const previous = requests[index] as (typeof requests)[number];
    return { tools: previous.tools, ms: next.at - previous.at - previous.thinkingMs };
  });
}

// The server's background work (the sealer, sweeps, job bookkeeping) takes its locks in its own
// order, so emptying every table under it can deadlock: Postgres aborts the reset, which is
// simply tried again.
async function resetWhileServing(): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await resetAndSeed(db.prisma);
      return;
    } catch (error) {
      if (attempt >= 5 || !String(error).includes("40P01")) throw error;
    }
  }
}

// `rounds` measured rounds of one checkout's build (this one unless `root` says otherwise), on a
// fresh server, after one warm-up round.
async function edgeFigures(rounds: number, root?: string): Promise<EdgeStep[]> {
  const app = await startBenchApp(db.url, benchSecret(), {
    env: {
      OPENAI_API_KEY: "bench-key",
      OPENAI_BASE_URL: model.fake.baseUrl,
      OPENAI_MODEL: "fake-model",
      OPENAI_API_MODE: "chat",
    },
    ...(root !== undefined && { root }),
  });
  try {
    const toolSteps: EdgeStep[] = [];
    for (let r = 0; r <= rounds; r++) {
      await resetWhileServing();
      const admin = await signIn(app.origin, "admin@countersign.test", "admin-demo-pass");
      for (const story of STORIES) {
        const figures = await edgeTurn(app.origin, admin, story);
        if (r > 0) toolSteps.push(...figures);
      }
    }
    return toolSteps;
  } finally {
    await app.stop();
  }
}

let failed = false;
try {
  console.log(`Machine: ${describeMachine()}`);
  console.log(`Postgres durability: ${db.durability}`);
  await round();
  steps = [];
  kinds.clear();
  const wallStart = performance.now();
  for (let r = 0; r < ROUNDS; r++) await round();
  const wall = performance.now() - wallStart;

  const summary = (values: number[]) =>
    `p50 ${ms(percentile(values, 50))}, p95 ${ms(percentile(values, 95))}, p99 ${ms(percentile(values, 99))}, max ${ms(Math.max(...values))}`;
  const loop = steps.map((step) => step.loopMs);
  const wire = steps.map((step) => step.wireMs);
  const roundTrips = steps.map((step) => step.queries);
  const mean = roundTrips.reduce((sum, value) => sum + value, 0) / roundTrips.length;
  console.log(
    `\n${steps.length} steps in ${ROUNDS} rounds of ${STORIES.join(", ")} (${(wall / 1000).toFixed(1)} s)`,
  );
  console.log(`  server time per step, model call excluded:     ${summary(loop)}`);
  console.log(`  server time per step, only its decision excluded: ${summary(wire)}`);
  console.log(
    `  database round trips per step: mean ${mean.toFixed(1)}, p50 ${percentile(roundTrips, 50)}, p99 ${percentile(roundTrips, 99)}, max ${Math.max(...roundTrips)}`,
  );
  const byKind = [...kinds]
    .sort((a, b) => b[1] - a[1])
    .map(([kind, total]) => `${kind} ${(total / steps.length).toFixed(1)}`);
  console.log(`  of which, per step: ${byKind.join(", ")}`);

  const roundTripsMet = mean <= TARGET_ROUND_TRIPS_PER_STEP;
  const reportEdge = (label: string, edgeSteps: EdgeStep[]) => {
    const edge = edgeSteps.map((step) => step.ms);
    console.log(
      `\n${label}: ${edge.length} tool steps (first turns), model request to model request less the model's decision: ${summary(edge)}`,
    );
    const byTool = new Map<string, number[]>();
    for (const step of edgeSteps)
      byTool.set(step.tools, [...(byTool.get(step.tools) ?? []), step.ms]);
    console.log("  median by the tool the model asked for:");
    for (const [tools, values] of [...byTool].sort((a, b) => a[0].localeCompare(b[0]))) {
      console.log(`    ${tools}: ${ms(percentile(values, 50))} (${values.length} steps)`);
    }
    return percentile(edge, 50);
  };
  let edgeMet: boolean;
  let edgeVerdict: string;
  if (BASELINE_ROOT === undefined) {
    const median = reportEdge(
      `At the edge of next start (${EDGE_ROUNDS} rounds)`,
      await edgeFigures(EDGE_ROUNDS),
    );
    edgeMet = median <= TARGET_EDGE_TOOL_STEP_MS;
    edgeVerdict = `median ${ms(median)} (target ≤ ${TARGET_EDGE_TOOL_STEP_MS} ms)`;
  } else {
    const firstBlock = Math.ceil(EDGE_ROUNDS / 2);
    const secondBlock = Math.max(1, EDGE_ROUNDS - firstBlock);
    const baseline = await edgeFigures(firstBlock, BASELINE_ROOT);
    const current = await edgeFigures(firstBlock);
    current.push(...(await edgeFigures(secondBlock)));
    baseline.push(...(await edgeFigures(secondBlock, BASELINE_ROOT)));
    const rounds = firstBlock + secondBlock;
    const baselineMedian = reportEdge(
      `Baseline ${BASELINE_ROOT} at the edge (${rounds} rounds)`,
      baseline,
    );
    const median = reportEdge(`This checkout at the edge (${rounds} rounds)`, current);
    const ratio = median / baselineMedian;
    edgeMet = ratio <= TARGET_EDGE_RATIO_TO_BASELINE;
    edgeVerdict = `median ${ms(median)} against the baseline's ${ms(baselineMedian)}: ${ratio.toFixed(2)} of it (target ≤ ${TARGET_EDGE_RATIO_TO_BASELINE})`;
  }
  console.log(`${describeLoad()} at end`);
  console.log(
    `${roundTripsMet ? "PASS" : "FAIL"} database round trips per step: mean ${mean.toFixed(1)} (target ≤ ${TARGET_ROUND_TRIPS_PER_STEP})`,
  );
  console.log(`${edgeMet ? "PASS" : "FAIL"} tool step at the edge: ${edgeVerdict}`);
  failed = !roundTripsMet || !edgeMet;
} finally {
  await model.close();
  await loopPrisma.$disconnect();
  await pool.end();
  await db.stop();
}
if (failed) process.exitCode = 1;
