/*
 * npm run bench:sse: 200 staff SSE clients spread over two production server instances sharing one
 * Postgres; events are committed through publishRealtime (the path every service uses) and the
 * delay from the commit returning to each client's receipt is measured. Target: p99 ≤ 250 ms.
 * Loopback only; bounded: 200 clients × 40 events, one event every 100 ms.
 */
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { createParser } from "eventsource-parser";
import { publishRealtime } from "@/lib/server/realtime/publish";
import { benchSecret, signIn, startBenchApp } from "./app-server";
import { describeMachine, ms, percentile, startBenchDatabase } from "./support";

const CLIENTS = Number(process.env.BENCH_SSE_CLIENTS ?? 200);
const INSTANCES = Number(process.env.BENCH_SSE_INSTANCES ?? 2);
const EVENTS = 40;
const INTERVAL_MS = 100;
const TARGET_P99_MS = 250;

type Client = { received: Map<number, number>; processId: string | null; abort: AbortController };

async function connect(origin: string, cookie: string, onHello: () => void): Promise<Client> {
  const client: Client = { received: new Map(), processId: null, abort: new AbortController() };
  const response = await fetch(`${origin}/api/events`, {
    headers: { Cookie: cookie, Accept: "text/event-stream" },
    signal: client.abort.signal,
  });
  if (!response.ok || !response.body) throw new Error(`SSE connect failed: ${response.status}`);
  const parser = createParser({
    onEvent(message) {
      const at = performance.now();
      if (message.event === "hello") {
        client.processId = (JSON.parse(message.data) as { processId: string }).processId;
        onHello();
        return;
      }
      if (message.event) return;
      const event = JSON.parse(message.data) as { topic: string; payload: { seq?: number } };
      if (event.topic === "bench.tick" && typeof event.payload.seq === "number") {
        client.received.set(event.payload.seq, at);
      }
    },
  });
  const decoder = new TextDecoder();
  void (async () => {
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        parser.feed(decoder.decode(chunk, { stream: true }));
      }
    } catch {
      // Aborted at the end of the run.
    }
  })();
  return client;
}

const db = await startBenchDatabase();
const secret = benchSecret();
const apps = [];
try {
  console.log(`Machine: ${describeMachine()}`);
  for (let i = 0; i < INSTANCES; i += 1) apps.push(await startBenchApp(db.url, secret));
  console.log(`${INSTANCES} app instance(s): ${apps.map((app) => app.origin).join(", ")}`);
  const cookie = await signIn(
    apps[0]?.origin as string,
    "agent@countersign.test",
    "agent-demo-pass",
  );

  let hellos = 0;
  const clients: Client[] = [];
  for (let i = 0; i < CLIENTS; i += 1) {
    const app = apps[i % apps.length];
    if (!app) throw new Error("no app");
    clients.push(await connect(app.origin, cookie, () => (hellos += 1)));
  }
  const helloDeadline = Date.now() + 30_000;
  while (hellos < CLIENTS && Date.now() < helloDeadline) await sleep(50);
  const processes = new Set(clients.map((client) => client.processId));
  console.log(`${hellos}/${CLIENTS} clients connected, served by ${processes.size} process(es).`);
  await sleep(500);

  const committedAt = new Map<number, number>();
  for (let seq = 0; seq < EVENTS; seq += 1) {
    await db.prisma.$transaction((tx) =>
      publishRealtime(tx, { topic: "bench.tick", payload: { seq } }),
    );
    committedAt.set(seq, performance.now());
    await sleep(INTERVAL_MS);
  }
  await sleep(2_000);

  const delays: number[] = [];
  let missing = 0;
  for (const client of clients) {
    for (const [seq, at] of committedAt) {
      const received = client.received.get(seq);
      if (received === undefined) missing += 1;
      // A client can hear of a commit before the publisher's own round trip returns: count 0.
      else delays.push(Math.max(0, received - at));
    }
  }
  for (const client of clients) client.abort.abort();
  if (process.env.BENCH_SSE_DETAIL) {
    for (const [seq, at] of committedAt) {
      const perEvent = clients.map((client) => (client.received.get(seq) ?? Number.NaN) - at);
      console.log(
        `  event ${seq}: p50 ${ms(percentile(perEvent, 50))}, max ${ms(Math.max(...perEvent))}`,
      );
    }
  }

  const p99 = percentile(delays, 99);
  console.log(`\n${CLIENTS} clients × ${EVENTS} events = ${CLIENTS * EVENTS} deliveries expected`);
  console.log(`delivered ${delays.length}, missing ${missing}`);
  console.log(
    `commit → client delay: p50 ${ms(percentile(delays, 50))}, p95 ${ms(percentile(delays, 95))}, p99 ${ms(p99)}, max ${ms(Math.max(...delays))}`,
  );
  const pass = p99 <= TARGET_P99_MS && missing === 0;
  console.log(`target p99 ≤ ${TARGET_P99_MS} ms and nothing missing: ${pass ? "PASS" : "FAIL"}`);
  if (!pass) process.exitCode = 1;
} finally {
  for (const app of apps) await app.stop();
  await db.stop();
}
