/*
 * npm run bench:inbox: server time of one inbox page (the query the /inbox page and
 * GET /api/inbox run: keyset page + per-status counts) against 10,000 seeded conversations.
 * Measured twice: the service alone, and GET /api/inbox on a production server (auth included).
 * Target: p95 ≤ 200 ms for every case. Loopback only; bounded: 10k rows, 40 samples per case.
 */
import { performance } from "node:perf_hooks";
import {
  type InboxQuery,
  inboxQuerySchema,
  listInbox,
} from "@/lib/server/services/inbox/list-inbox";
import { benchSecret, signIn, startBenchApp } from "./app-server";
import { describeMachine, ms, percentile, startBenchDatabase } from "./support";

const CONVERSATIONS = 10_000;
const EXTRA_CUSTOMERS = 2_000;
const SAMPLES = 40;
const TARGET_MS = 200;

const db = await startBenchDatabase();
const { prisma } = db;
try {
  console.log(`Machine: ${describeMachine()}`);
  console.log(`Seeding ${CONVERSATIONS} conversations over ${EXTRA_CUSTOMERS + 5} customers…`);
  const seedStart = performance.now();
  await prisma.$executeRawUnsafe(`
    INSERT INTO customers (id, email, name, created_at)
    SELECT 'bench_cus_' || g, 'bench' || g || '@example.net', 'Bench Customer ' || g, now()
    FROM generate_series(1, ${EXTRA_CUSTOMERS}) g`);
  await prisma.$executeRawUnsafe(`
    WITH customer_list AS (SELECT array_agg(id ORDER BY id) AS ids FROM customers)
    INSERT INTO conversations (id, channel, status, customer_id, subject, amount_at_stake_cents,
      currency, last_message_at, created_at, updated_at)
    SELECT 'bench_conv_' || lpad(g::text, 6, '0'),
      (ARRAY['chat','email'])[1 + g % 2]::"ConversationChannel",
      (ARRAY['agent_working','waiting_on_customer','needs_approval','resolved','resolved','resolved',
             'needs_reconciliation','failed'])[1 + (g * 7) % 8]::"ConversationStatus",
      ids[1 + (g * 31) % array_length(ids, 1)],
      (ARRAY['Refund for a cracked mug','Jacket too big','Duplicate charge','Where is my order',
             'Wrong item received','Socks too small'])[1 + g % 6] || ' #' || g,
      CASE WHEN g % 3 = 0 THEN NULL ELSE (g * 137) % 30000 END,
      'USD',
      now() - make_interval(secs => (g * 617) % (90 * 86400)),
      now() - make_interval(secs => (g * 617) % (90 * 86400) + 3600),
      now()
    FROM generate_series(1, ${CONVERSATIONS}) g, customer_list`);
  await prisma.$executeRawUnsafe("ANALYZE");
  console.log(`Seeded in ${ms(performance.now() - seedStart)}.`);

  const parse = (input: Record<string, unknown>): InboxQuery => inboxQuerySchema.parse(input);
  const first = await listInbox(parse({}), prisma);
  // Walk 20 pages deep to get a deep cursor (page 21 of 200).
  let deep = first;
  for (let page = 0; page < 20 && deep.olderCursor; page += 1) {
    deep = await listInbox(parse({ after: deep.olderCursor }), prisma);
  }

  const cases: [string, Record<string, string | string[]>][] = [
    ["first page (50 rows)", {}],
    ["page 21 (keyset after)", { after: deep.olderCursor ?? "" }],
    ["back one page (keyset before)", { before: deep.newerCursor ?? "" }],
    ["status = needs_approval", { status: "needs_approval" }],
    [
      "status ×2 + channel = email",
      { status: ["failed", "needs_reconciliation"], channel: "email" },
    ],
    ["search subject text", { q: "duplicate" }],
    ["search customer email", { q: "bench1234@example.net" }],
    ["search, no match", { q: "zzzz-nothing" }],
    ["search + status filter", { q: "jacket", status: "resolved" }],
  ];

  const header = `${"case".padEnd(32)} ${"rows".padStart(4)} ${"p50".padStart(10)} ${"p95".padStart(10)} ${"max".padStart(10)}`;
  const row = (name: string, rows: number, samples: number[]) =>
    `${name.padEnd(32)} ${String(rows).padStart(4)} ${ms(percentile(samples, 50)).padStart(10)} ${ms(percentile(samples, 95)).padStart(10)} ${ms(Math.max(...samples)).padStart(10)}`;

  console.log(`\nService (listInbox: keyset page + status counts), ${SAMPLES} samples per case`);
  console.log(header);
  let worstP95 = 0;
  for (const [name, input] of cases) {
    const inboxQuery = parse(input);
    await listInbox(inboxQuery, prisma); // warm-up
    const samples: number[] = [];
    let rows = 0;
    for (let i = 0; i < SAMPLES; i += 1) {
      const start = performance.now();
      const page = await listInbox(inboxQuery, prisma);
      samples.push(performance.now() - start);
      rows = page.conversations.length;
    }
    worstP95 = Math.max(worstP95, percentile(samples, 95));
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
      for (const [name, input] of cases) {
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
        worstP95 = Math.max(worstP95, percentile(samples, 95));
        console.log(row(name, rows, samples));
      }
    } finally {
      await app.stop();
    }
  }
  const total = await prisma.conversation.count();
  console.log(
    `\n${total} conversations; worst p95 ${ms(worstP95)} (target ≤ ${TARGET_MS} ms): ${worstP95 <= TARGET_MS ? "PASS" : "FAIL"}`,
  );
  if (worstP95 > TARGET_MS) process.exitCode = 1;
} finally {
  await db.stop();
}
