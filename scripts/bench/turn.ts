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
 *
 * `--file-baseline` measures this checkout against a server that works the way the reference
 * example does (file-baseline/: one Node process, the run's state one JSON file rewritten at each
 * step with fs.writeFile, no fsync), in alternating blocks (this, file, file, this). The file
 * baseline gets the answers the fake model gave ours in the first block's warm-up round, so both
 * make the same requests with the same tool sequence. Passes when this checkout's median tool
 * step is at most the file baseline's.
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
import type { ScriptedReply } from "@/tests/support/fake-openai-server";
import { testUseCaseContext } from "@/tests/support/test-use-case-context";
import { benchSecret, signIn, startBenchApp } from "./app-server";
import { type ModelDecision, startBenchModel } from "./bench-model";
import { type FileBaselineSeed, snapshotSeed } from "./file-baseline/seed";
import { startFileBaseline } from "./file-baseline/start-file-baseline";
import { playStory, resetAndSeed, type TurnRunner } from "./play-story";
import { describeLoad, describeMachine, ms, percentile, startBenchDatabase } from "./support";

// 28 steps a round: the default gives about 1,000 steps.
const ROUNDS = Math.max(1, Number(process.env.BENCH_TURN_RUNS ?? 36));
const STORIES = ["cracked-on-arrival", "too-big", "small-refund", "billing-dispute"];
const EDGE_ROUNDS = Math.max(1, Number(process.env.BENCH_TURN_EDGE_RUNS ?? 12));
const TARGET_ROUND_TRIPS_PER_STEP = 10;
const TARGET_EDGE_TOOL_STEP_MS = 14;
const TARGET_EDGE_RATIO_TO_BASELINE = 0.5;
const ARGS = parseArgs({
  options: { baseline: { type: "string" }, "file-baseline": { type: "boolean" } },
}).values;
const BASELINE = ARGS.baseline;
const FILE_BASELINE = ARGS["file-baseline"] === true;
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
let edgeRequests: { at: number; thinkingMs: number; tools: string; reply: ScriptedReply }[] = [];
const model = await startBenchModel(db.prisma, (decision: ModelDecision) => {
  thinking += decision.thinkingMs;
  edgeRequests.push({
    at: performance.now() - decision.thinkingMs,
    thinkingMs: decision.thinkingMs,
    reply: decision.reply,
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
    await playStory(
      story,
      testUseCaseContext({ db: loopPrisma, model: timedProvider }),
      measureTurn,
    );
  }
}

// A tool step at the edge and the tool (or tools) the model asked for in the answer it follows.
type EdgeStep = { tools: string; ms: number };

// A server under measurement: starts a story's first turn and says how its run stands.
type EdgeServer = {
  startStory(storyKey: string): Promise<string>;
  runStatus(runId: string): Promise<string>;
};

// One story's first turn through a server. A tool step at the edge is the time from one model
// request of the run to the next, less the fake model's decision: streaming the answer, storing
// it, running the tool, storing its result, reading the next model input and sending the next
// request, all inside the server. Returns the steps and the model's answers in order.
async function edgeTurn(
  server: EdgeServer,
  storyKey: string,
): Promise<{ steps: EdgeStep[]; replies: ScriptedReply[] }> {
  edgeRequests = [];
  const runId = await server.startStory(storyKey);
  const deadline = Date.now() + RUN_DEADLINE_MS;
  for (;;) {
    const status = await server.runStatus(runId);
    if (status === "completed") break;
    if (status === "failed" || status === "stopped") {
      throw new Error(`${storyKey}: the run ended ${status}`);
    }
    if (Date.now() > deadline) throw new Error(`${storyKey}: the run did not finish in 30 s`);
    await sleep(20);
  }
  const requests = edgeRequests;
  return {
    steps: requests.slice(1).map((next, index) => {
      const previous = requests[index] as (typeof requests)[number];
      return { tools: previous.tools, ms: next.at - previous.at - previous.thinkingMs };
    }),
    replies: requests.map((request) => request.reply),
  };
}

function productionServer(origin: string, cookie: string): EdgeServer {
  return {
    async startStory(storyKey) {
      const response = await fetch(`${origin}/api/stories`, {
        method: "POST",
        headers: { Cookie: cookie, Origin: origin, "Content-Type": "application/json" },
        body: JSON.stringify({ storyKey }),
      });
      if (response.status !== 202) {
        throw new Error(`${storyKey}: /api/stories answered ${response.status}`);
      }
      return ((await response.json()) as { runId: string }).runId;
    },
    async runStatus(runId) {
      const run = await db.prisma.run.findUniqueOrThrow({
        where: { id: runId },
        select: { status: true },
      });
      return run.status;
    },
  };
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

// What the file baseline replays: the seed of one of our rounds and, per story, the model's
// answers to our server in that round (their line ids are that seed's).
let recorded: { seed: FileBaselineSeed; replies: Map<string, ScriptedReply[]> } | undefined;

// `rounds` measured rounds of one checkout's build (this one unless `root` says otherwise), on a
// fresh server, after one warm-up round. With `record`, the warm-up round is recorded for the
// file baseline.
async function edgeFigures(
  rounds: number,
  options: { root?: string; record?: boolean } = {},
): Promise<EdgeStep[]> {
  const app = await startBenchApp(db.url, benchSecret(), {
    env: {
      OPENAI_API_KEY: "bench-key",
      OPENAI_BASE_URL: model.fake.baseUrl,
      OPENAI_MODEL: "fake-model",
      OPENAI_API_MODE: "chat",
    },
    ...(options.root !== undefined && { root: options.root }),
  });
  try {
    const toolSteps: EdgeStep[] = [];
    for (let r = 0; r <= rounds; r++) {
      await resetWhileServing();
      const recording = options.record && r === 0;
      const replies = new Map<string, ScriptedReply[]>();
      const seed = recording ? await snapshotSeed(db.prisma) : undefined;
      const admin = await signIn(app.origin, "admin@countersign.test", "admin-demo-pass");
      const server = productionServer(app.origin, admin);
      for (const story of STORIES) {
        const turn = await edgeTurn(server, story);
        if (r > 0) toolSteps.push(...turn.steps);
        replies.set(story, turn.replies);
      }
      if (seed) recorded = { seed, replies };
    }
    return toolSteps;
  } finally {
    await app.stop();
  }
}

// `rounds` measured rounds of the file baseline, on a fresh process, after one warm-up round,
// each story answered with the replies recorded from ours.
async function fileBaselineFigures(rounds: number): Promise<EdgeStep[]> {
  if (!recorded) throw new Error("no round of ours was recorded for the file baseline");
  const { seed, replies } = recorded;
  const baseline = await startFileBaseline(seed, {
    OPENAI_API_KEY: "bench-key",
    OPENAI_BASE_URL: model.fake.baseUrl,
    OPENAI_MODEL: "fake-model",
  });
  const server: EdgeServer = {
    async startStory(storyKey) {
      const response = await fetch(`${baseline.origin}/api/stories`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ storyKey }),
      });
      if (response.status !== 202) {
        throw new Error(`${storyKey}: the file baseline answered ${response.status}`);
      }
      return ((await response.json()) as { runId: string }).runId;
    },
    async runStatus(runId) {
      const response = await fetch(`${baseline.origin}/api/runs/${runId}`);
      return ((await response.json()) as { status: string }).status;
    },
  };
  try {
    const toolSteps: EdgeStep[] = [];
    for (let r = 0; r <= rounds; r++) {
      for (const story of STORIES) {
        const script = replies.get(story) ?? [];
        model.replay(script);
        const turn = await edgeTurn(server, story);
        model.replay(null);
        if (turn.replies.length !== script.length) {
          throw new Error(
            `${story}: the file baseline made ${turn.replies.length} model requests, ours ${script.length}`,
          );
        }
        if (r > 0) toolSteps.push(...turn.steps);
      }
    }
    return toolSteps;
  } finally {
    await baseline.stop();
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
  const firstBlock = Math.ceil(EDGE_ROUNDS / 2);
  const secondBlock = Math.max(1, EDGE_ROUNDS - firstBlock);
  const blockRounds = firstBlock + secondBlock;
  if (FILE_BASELINE) {
    const current = await edgeFigures(firstBlock, { record: true });
    const file = await fileBaselineFigures(firstBlock);
    file.push(...(await fileBaselineFigures(secondBlock)));
    current.push(...(await edgeFigures(secondBlock)));
    const fileMedian = reportEdge(
      `File baseline (one process, state rewritten as one JSON file, no fsync) (${blockRounds} rounds)`,
      file,
    );
    const median = reportEdge(`This checkout at the edge (${blockRounds} rounds)`, current);
    const ratio = median / fileMedian;
    const p95 = (values: EdgeStep[]) =>
      ms(
        percentile(
          values.map((step) => step.ms),
          95,
        ),
      );
    edgeMet = median <= fileMedian;
    edgeVerdict = `median ${ms(median)} against the file baseline's ${ms(fileMedian)}: ${ratio.toFixed(2)} of it (target ≤ 1.00); p95 ${p95(current)} against ${p95(file)}`;
  } else if (BASELINE_ROOT === undefined) {
    const median = reportEdge(
      `At the edge of next start (${EDGE_ROUNDS} rounds)`,
      await edgeFigures(EDGE_ROUNDS),
    );
    edgeMet = median <= TARGET_EDGE_TOOL_STEP_MS;
    edgeVerdict = `median ${ms(median)} (target ≤ ${TARGET_EDGE_TOOL_STEP_MS} ms)`;
  } else {
    const root = BASELINE_ROOT;
    const baseline = await edgeFigures(firstBlock, { root });
    const current = await edgeFigures(firstBlock);
    current.push(...(await edgeFigures(secondBlock)));
    baseline.push(...(await edgeFigures(secondBlock, { root })));
    const baselineMedian = reportEdge(
      `Baseline ${BASELINE_ROOT} at the edge (${blockRounds} rounds)`,
      baseline,
    );
    const median = reportEdge(`This checkout at the edge (${blockRounds} rounds)`, current);
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
