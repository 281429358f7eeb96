/*
 * npm run bench:inbox [-- --conversations N]: server time of one inbox page (the query the
 * /inbox page and GET /api/inbox run: keyset page + per-status counts) against N seeded
 * conversations (default 10,000). Measured as the service alone and, unless
 * BENCH_INBOX_SKIP_HTTP is set, as GET /api/inbox on a production server (auth included; needs a
 * build). Then what the search indexes cost writes: the same writes with and without them.
 * Targets: search p95 ≤ 100 ms, every other page p95 ≤ 200 ms and, from 100,000 conversations,
 * a search plan that reads each status's matches through its trigram index; exits 1 when one is
 * missed.
 * Loopback only; bounded: N rows, 40 samples per case.
 */
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { ConversationStatus } from "@/lib/generated/prisma/enums";
import { inboxSearchSql } from "@/lib/server/services/inbox/inbox-queries";
import {
  type InboxQuery,
  type InboxViewer,
  inboxQuerySchema,
  listInbox,
} from "@/lib/server/services/inbox/list-inbox";
import { benchSecret, signIn, startBenchApp } from "./app-server";
import { genericPlan } from "./generic-plan";
import { inboxBenchSize, seedInboxBench } from "./inbox-seed";
import { describeWriteCost, measureSearchWriteCost, searchIndexes } from "./inbox-writes";
import { describeLoad, describeMachine, ms, percentile, startBenchDatabase } from "./support";

const { values: flags } = parseArgs({ options: { conversations: { type: "string" } } });
const CONVERSATIONS = Number(flags.conversations ?? 10_000);
if (!Number.isInteger(CONVERSATIONS) || CONVERSATIONS < 1000 || CONVERSATIONS > 2_000_000) {
  throw new Error("--conversations must be a whole number from 1000 to 2000000");
}
const SAMPLES = 40;
const SEARCH_TARGET_MS = 100;
const LIST_TARGET_MS = 200;
const PLAN_JUDGED_FROM = 100_000;
const WRITE_SAMPLES_PER_ROUND = 100;
const WRITE_ROUNDS = 4;

type Case = { name: string; search: boolean; input: Record<string, string | string[]> };

const size = inboxBenchSize(CONVERSATIONS);
console.log(`Machine: ${describeMachine()}`);
const db = await startBenchDatabase();
const { prisma } = db;
try {
  console.log(`Postgres durability: ${db.durability}`);
  console.log(
    `Seeding ${size.conversations} conversations over ${size.customers} customers and orders…`,
  );
  const seedStart = performance.now();
  await seedInboxBench(prisma, size);
  console.log(`Seeded in ${ms(performance.now() - seedStart)}.`);
  const indexes = await searchIndexes(prisma);
  console.log(`Search indexes: ${indexes.map((index) => index.indexname).join(", ") || "none"}`);

  // The plan every search runs with (generic: the same whatever the words). On a small table
  // Postgres rightly prefers reading it all; from PLAN_JUDGED_FROM rows on it must read each
  // status's matches through that status's index.
  const searchIndexNames = Object.values(ConversationStatus).map(
    (status) => `conversations_search_text_${status}_trgm_idx`,
  );
  const plan = await genericPlan(prisma, inboxSearchSql({ search: "two words", limit: 50 }));
  const unused = searchIndexNames.filter((name) => !plan.includes(`Bitmap Index Scan on ${name}`));
  const planUsesIndex = unused.length === 0;
  const planJudged = CONVERSATIONS >= PLAN_JUDGED_FROM;
  console.log(
    `Search plan: ${planUsesIndex ? "uses each status's trigram index" : `does not use ${unused.join(", ")}`}${planJudged ? "" : ` (judged from ${PLAN_JUDGED_FROM} conversations)`}`,
  );
  if (planJudged && !planUsesIndex) console.log(plan);

  const parse = (input: Record<string, unknown>): InboxQuery & InboxViewer => ({
    ...inboxQuerySchema.parse(input),
    everyWorkspace: true,
  });
  const context = { db: prisma, now: () => new Date() };
  const first = await listInbox(parse({}), context);
  // Walk 20 pages deep to get a deep cursor.
  let deep = first;
  for (let page = 0; page < 20 && deep.nextCursor; page += 1) {
    deep = await listInbox(parse({ after: deep.nextCursor }), context);
  }

  const someone = Math.min(1234, size.customers);
  const cases: Case[] = [
    { name: "first page (50 rows)", search: false, input: {} },
    { name: "page 21 (keyset after)", search: false, input: { after: deep.nextCursor ?? "" } },
    {
      name: "back one page (keyset before)",
      search: false,
      input: { before: deep.previousCursor ?? "" },
    },
    { name: "status = needs_approval", search: false, input: { status: "needs_approval" } },
    {
      name: "status ×2 + channel = email",
      search: false,
      input: { status: ["failed", "needs_reconciliation"], channel: "email" },
    },
    { name: "search subject text", search: true, input: { q: "duplicate" } },
    { name: "search two words", search: true, input: { q: "cracked MUG" } },
    { name: "search customer email", search: true, input: { q: `bench${someone}@example.net` } },
    { name: "search customer name", search: true, input: { q: `customer ${someone}` } },
    { name: "search order number", search: true, input: { q: `b${100000 + someone}` } },
    {
      name: "search conversation id",
      search: true,
      input: { q: `bench_conv_${String(someone).padStart(7, "0")}` },
    },
    { name: "search, no match", search: true, input: { q: "zzzz-nothing" } },
    { name: "search + status filter", search: true, input: { q: "jacket", status: "resolved" } },
  ];

  const header = `${"case".padEnd(32)} ${"rows".padStart(4)} ${"p50".padStart(10)} ${"p95".padStart(10)} ${"max".padStart(10)}`;
  const row = (name: string, rows: number, samples: number[]) =>
    `${name.padEnd(32)} ${String(rows).padStart(4)} ${ms(percentile(samples, 50)).padStart(10)} ${ms(percentile(samples, 95)).padStart(10)} ${ms(Math.max(...samples)).padStart(10)}`;
  const worst = { search: 0, list: 0 };
  const record = (search: boolean, samples: number[]) => {
    const key = search ? "search" : "list";
    worst[key] = Math.max(worst[key], percentile(samples, 95));
  };

  console.log(`\nService (listInbox: keyset page + status counts), ${SAMPLES} samples per case`);
  console.log(header);
  for (const { name, search, input } of cases) {
    const inboxQuery = parse(input);
    await listInbox(inboxQuery, context); // warm-up
    const samples: number[] = [];
    let rows = 0;
    for (let i = 0; i < SAMPLES; i += 1) {
      const start = performance.now();
      const page = await listInbox(inboxQuery, context);
      samples.push(performance.now() - start);
      rows = page.conversations.length;
    }
    record(search, samples);
    console.log(row(name, rows, samples));
  }

  // The same cases end to end: GET /api/inbox on a production server (session check, zod, JSON).
  if (!process.env.BENCH_INBOX_SKIP_HTTP) {
    const app = await startBenchApp(db.url, benchSecret());
    try {
      const cookie = await signIn(app.origin, "agent@countersign.test", "agent-demo-pass");
      console.log(
        `\nHTTP GET /api/inbox on the production server (loopback), ${SAMPLES} samples per case`,
      );
      console.log(header);
      for (const { name, search, input } of cases) {
        const params = new URLSearchParams();
        for (const [key, value] of Object.entries(input)) {
          for (const item of Array.isArray(value) ? value : [value]) params.append(key, item);
        }
        const url = `${app.origin}/api/inbox?${params}`;
        const get = async () => {
          const response = await fetch(url, { headers: { Cookie: cookie } });
          if (!response.ok) throw new Error(`${name}: ${response.status}`);
          return (await response.json()) as { conversations: unknown[] };
        };
        await get();
        const samples: number[] = [];
        let rows = 0;
        for (let i = 0; i < SAMPLES; i += 1) {
          const start = performance.now();
          rows = (await get()).conversations.length;
          samples.push(performance.now() - start);
        }
        record(search, samples);
        console.log(row(name, rows, samples));
      }
    } finally {
      await app.stop();
    }
  }

  if (indexes.length > 0) {
    console.log(
      `\nWrites with and without search (its indexes and trigger): ${WRITE_ROUNDS} alternating rounds of ${WRITE_SAMPLES_PER_ROUND} of each, one transaction each`,
    );
    const timings = await measureSearchWriteCost(prisma, {
      samplesPerRound: WRITE_SAMPLES_PER_ROUND,
      rounds: WRITE_ROUNDS,
      existingConversations: size.conversations,
    });
    const { lines } = describeWriteCost(timings);
    for (const line of lines) console.log(line);
  }

  const total = await prisma.conversation.count();
  const searchPass = worst.search <= SEARCH_TARGET_MS;
  const listPass = worst.list <= LIST_TARGET_MS;
  console.log(`\n${total} conversations; ${describeLoad()} at end`);
  console.log(
    `Search: worst p95 ${ms(worst.search)} (target ≤ ${SEARCH_TARGET_MS} ms): ${searchPass ? "PASS" : "FAIL"}`,
  );
  console.log(
    `Other pages: worst p95 ${ms(worst.list)} (target ≤ ${LIST_TARGET_MS} ms): ${listPass ? "PASS" : "FAIL"}`,
  );
  if (!searchPass || !listPass || (planJudged && !planUsesIndex)) process.exitCode = 1;
} finally {
  await db.stop();
}
