/*
 * npm run bench:sse [-- --clients 1000 --instances 2 --threads 2 --detail --baseline DIR]: that
 * many staff SSE clients spread over that many production server instances (of this checkout, or
 * of the --baseline checkout) sharing one Postgres; events are
 * committed through publishRealtime (the path every service uses) and the delay from the commit
 * returning to each client's receipt is measured. Target: p99 ≤ 150 ms with nothing missing;
 * exits 1 otherwise. Loopback only; bounded: 40 events, one every 100 ms.
 *
 * The clients run in worker threads (scripts/bench/sse-clients.ts) with plain sockets and no
 * event parsing, so that the bench's own event loop is not what the delay measures; they still
 * share the cores with the servers, so the bench's CPU is printed next to the servers'.
 */
import { cpus } from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import { Worker } from "node:worker_threads";
import { publishRealtime } from "@/lib/server/realtime/publish";
import { benchSecret, signIn, startBenchApp } from "./app-server";
import type { ClientsWorkerInput, ClientsWorkerMessage } from "./sse-clients";
import {
  describeLoad,
  describeMachine,
  ms,
  percentile,
  processGroupCpuSplitMs,
  startBenchDatabase,
} from "./support";

const { values: flags } = parseArgs({
  options: {
    clients: { type: "string" },
    instances: { type: "string" },
    threads: { type: "string" },
    detail: { type: "boolean" },
    // Another checkout (same schema, its own build) whose servers are measured instead.
    baseline: { type: "string" },
  },
});
const CLIENTS = wholeNumber("clients", flags.clients ?? process.env.BENCH_SSE_CLIENTS ?? 1000);
const INSTANCES = wholeNumber("instances", flags.instances ?? process.env.BENCH_SSE_INSTANCES ?? 2);
const THREADS = Math.min(CLIENTS, wholeNumber("threads", flags.threads ?? cpus().length));
const EVENTS = 40;
const INTERVAL_MS = 100;
const TARGET_P99_MS = 150;
const CONNECT_DEADLINE_MS = 120_000;

function wholeNumber(name: string, value: string | number): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) {
    throw new Error(`--${name} must be a whole number of at least 1`);
  }
  return number;
}

// The worker is TypeScript too: it registers the bench's loader (tsx) before importing it.
const CLIENTS_WORKER = `import("tsx/esm/api")
  .then(({ register }) => register())
  .then(() => import(${JSON.stringify(new URL("./sse-clients.ts", import.meta.url).href)}))`;

const nowMs = () => Number(process.hrtime.bigint()) / 1e6;

type CpuSplit = { user: number; system: number };

function cpuOfBenchMs(): CpuSplit {
  const usage = process.cpuUsage();
  return { user: usage.user / 1000, system: usage.system / 1000 };
}

function cpuOfServersMs(apps: Array<{ processGroup: number }>): CpuSplit {
  const total = { user: 0, system: 0 };
  for (const app of apps) {
    const split = processGroupCpuSplitMs(app.processGroup);
    total.user += split?.user ?? 0;
    total.system += split?.system ?? 0;
  }
  return total;
}

/** CPU used between two readings: total, its user/system parts and the cost per delivery. */
function describeCpu(before: CpuSplit, after: CpuSplit, deliveries: number): string {
  const user = after.user - before.user;
  const system = after.system - before.system;
  const perDelivery = ((user + system) * 1000) / deliveries;
  return `${Math.round(user + system)} ms (user ${Math.round(user)}, system ${Math.round(system)}; ${perDelivery.toFixed(1)} µs per delivery)`;
}

console.log(`Machine: ${describeMachine()}`);
const db = await startBenchDatabase();
console.log(`Postgres durability: ${db.durability}`);
const apps: Awaited<ReturnType<typeof startBenchApp>>[] = [];
const workers: Worker[] = [];
try {
  const secret = benchSecret();
  if (flags.baseline) console.log(`Servers: the build of ${flags.baseline}`);
  for (let i = 0; i < INSTANCES; i += 1) {
    apps.push(await startBenchApp(db.url, secret, { root: flags.baseline }));
  }
  console.log(`${INSTANCES} app instance(s): ${apps.map((app) => app.origin).join(", ")}`);
  const origins = apps.map((app) => app.origin);
  const cookie = await signIn(origins[0] as string, "agent@countersign.test", "agent-demo-pass");

  const processes = new Set<string>();
  let hellos = 0;
  let failure: string | null = null;
  const reports: Array<{ received: Float64Array[]; processIds: Array<string | null> }> = [];
  const reported: Promise<void>[] = [];
  for (let thread = 0; thread < THREADS; thread += 1) {
    const clientIndexes = Array.from({ length: CLIENTS }, (_, i) => i).filter(
      (i) => i % THREADS === thread,
    );
    const worker = new Worker(CLIENTS_WORKER, {
      eval: true,
      workerData: { origins, cookie, clientIndexes, events: EVENTS } satisfies ClientsWorkerInput,
    });
    workers.push(worker);
    reported.push(
      new Promise((resolve, reject) => {
        worker.on("error", reject);
        worker.on("message", (message: ClientsWorkerMessage) => {
          if (message.kind === "hello") {
            hellos += 1;
            processes.add(message.processId);
          } else if (message.kind === "failed") {
            failure = message.error;
          } else {
            reports.push(message);
            resolve();
          }
        });
      }),
    );
  }
  const connectDeadline = Date.now() + CONNECT_DEADLINE_MS;
  while (hellos < CLIENTS && failure === null && Date.now() < connectDeadline) await sleep(50);
  console.log(
    `${hellos}/${CLIENTS} clients connected (${THREADS} client thread(s)), served by ${processes.size} process(es).${failure ? ` First failure: ${failure}` : ""}`,
  );
  await sleep(1_000);

  const serverCpuBefore = cpuOfServersMs(apps);
  const benchCpuBefore = cpuOfBenchMs();
  const startedAt = nowMs();
  const committedAt: number[] = [];
  for (let seq = 0; seq < EVENTS; seq += 1) {
    await db.prisma.$transaction((tx) =>
      publishRealtime(tx, { topic: "bench.tick", payload: { seq } }),
    );
    committedAt.push(nowMs());
    await sleep(INTERVAL_MS);
  }
  await sleep(2_000);
  const wallMs = nowMs() - startedAt;
  const serverCpuAfter = cpuOfServersMs(apps);
  const benchCpuAfter = cpuOfBenchMs();

  for (const worker of workers) worker.postMessage("report");
  await Promise.all(reported);

  const clients = reports.flatMap((report) => report.received);
  const clientProcesses = reports.flatMap((report) => report.processIds);
  const delays: number[] = [];
  let missing = 0;
  const missingByProcess = new Map<string, number>();
  clients.forEach((received, client) => {
    committedAt.forEach((at, seq) => {
      const receivedAt = received[seq] as number;
      if (Number.isNaN(receivedAt)) {
        missing += 1;
        const process = clientProcesses[client] ?? "no hello";
        missingByProcess.set(process, (missingByProcess.get(process) ?? 0) + 1);
      }
      // A client can hear of a commit before the publisher's own round trip returns: count 0.
      else delays.push(Math.max(0, receivedAt - at));
    });
  });
  if (flags.detail) {
    committedAt.forEach((at, seq) => {
      const perEvent = clients.map((received) => (received[seq] as number) - at);
      console.log(
        `  event ${seq}: p50 ${ms(percentile(perEvent, 50))}, max ${ms(Math.max(...perEvent))}`,
      );
    });
  }

  const deliveries = CLIENTS * EVENTS;
  const p99 = percentile(delays, 99);
  console.log(`\n${CLIENTS} clients × ${EVENTS} events = ${deliveries} deliveries expected`);
  console.log(
    `delivered ${delays.length}, missing ${missing}${missing ? ` (${[...missingByProcess].map(([process, count]) => `${count} of clients of ${process}`).join(", ")})` : ""}`,
  );
  console.log(
    `commit → client delay: p50 ${ms(percentile(delays, 50))}, p95 ${ms(percentile(delays, 95))}, p99 ${ms(p99)}, max ${ms(Math.max(...delays))}`,
  );
  console.log(
    `CPU over the ${(wallMs / 1000).toFixed(1)} s of events: ${INSTANCES} server(s) ${describeCpu(serverCpuBefore, serverCpuAfter, deliveries)}; the bench with its clients ${describeCpu(benchCpuBefore, benchCpuAfter, deliveries)}`,
  );
  console.log(`End: ${describeLoad()}`);
  const pass = p99 <= TARGET_P99_MS && missing === 0;
  console.log(`target p99 ≤ ${TARGET_P99_MS} ms and nothing missing: ${pass ? "PASS" : "FAIL"}`);
  if (!pass) process.exitCode = 1;
} finally {
  for (const worker of workers) await worker.terminate();
  for (const app of apps) await app.stop();
  await db.stop();
}
