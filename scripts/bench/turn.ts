/*
 * npm run bench:turn: server-side time per agent step with the model answering at once, and the
 * database round trips each step makes. Stories 1, 4, 5 and 7 (first message and scripted
 * follow-ups) through the real entry points, the durable loop and the chat wire format against
 * the fake OpenAI-compatible server on loopback. Target: p50 ≤ 15 ms, p99 ≤ 60 ms per step.
 * Bounded: BENCH_TURN_RUNS rounds (default 36) after one warm-up round.
 *
 * A step is one model request and everything the server does around it. The steps of a run
 * partition its time: step 1 starts when the customer's message is stored and the run launched
 * (claim, first reads, prompt), each step ends when the next model request starts, the last one
 * when the run is finished. Its server time is that span minus the model's part, counted two
 * ways: minus the whole model call as the loop sees it (SDK, loopback HTTP, SSE parsing: what a
 * real provider's latency replaces), and minus only the fake model's decision (the wire counted).
 */
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import type { ModelProvider } from "@/lib/agent/model/provider";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { UTC_SESSION_OPTIONS } from "@/lib/server/database-session";
import { type ModelDecision, startBenchModel } from "./bench-model";
import { playStory, resetAndSeed, type TurnRunner } from "./play-story";
import { describeMachine, ms, percentile, startBenchDatabase } from "./support";

// 28 steps a round: the default gives about 1,000 steps.
const ROUNDS = Math.max(1, Number(process.env.BENCH_TURN_RUNS ?? 36));
const STORIES = ["cracked-on-arrival", "too-big", "small-refund", "billing-dispute"];
const TARGET_P50_MS = 15;
const TARGET_P99_MS = 60;

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
  options: UTC_SESSION_OPTIONS,
  Client: CountingClient,
});
// pool.end() resolves before its sockets have closed, and Prisma drops its listener from a pool
// it does not own: without this, Postgres stopping under a closing client crashes the bench.
pool.on("error", () => {});
const loopPrisma = new PrismaClient({ adapter: new PrismaPg(pool) });

let calls: ModelCall[] = [];
let thinking = 0;
const model = await startBenchModel(db.prisma, (decision: ModelDecision) => {
  thinking += decision.thinkingMs;
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

try {
  console.log(`Machine: ${describeMachine()}`);
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
  const met = percentile(loop, 50) <= TARGET_P50_MS && percentile(loop, 99) <= TARGET_P99_MS;
  console.log(
    `  target p50 ≤ ${TARGET_P50_MS} ms and p99 ≤ ${TARGET_P99_MS} ms (model call excluded): ${met ? "MET" : "NOT MET"}`,
  );
} finally {
  await model.close();
  await loopPrisma.$disconnect();
  await pool.end();
  await db.stop();
}
