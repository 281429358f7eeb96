/*
 * npm run bench:inbox: server time of one inbox page (the query the /inbox page and
 * GET /api/inbox run: keyset page + per-status counts) against 10,000 seeded conversations.
 * Target: p95 ≤ 200 ms for every case. Loopback only; bounded: 10k rows, 40 samples per case.
 */
import { performance } from "node:perf_hooks";
import {
  type InboxQuery,
  inboxQuerySchema,
  listInbox,
} from "@/lib/server/services/inbox/list-inbox";
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

  const cases: [string, InboxQuery][] = [
    ["first page (50 rows)", parse({})],
    ["page 21 (keyset after)", parse({ after: deep.olderCursor })],
    ["back one page (keyset before)", parse({ before: deep.newerCursor })],
    ["status = needs_approval", parse({ status: "needs_approval" })],
    [
      "status ×2 + channel = email",
      parse({ status: ["failed", "needs_reconciliation"], channel: "email" }),
    ],
    ["search subject text", parse({ q: "duplicate" })],
    ["search customer email", parse({ q: "bench1234@example.net" })],
    ["search, no match", parse({ q: "zzzz-nothing" })],
    ["search + status filter", parse({ q: "jacket", status: "resolved" })],
  ];

  console.log(
    `\n${"case".padEnd(32)} ${"rows".padStart(4)} ${"p50".padStart(10)} ${"p95".padStart(10)} ${"max".padStart(10)}`,
  );
  let worstP95 = 0;
  for (const [name, query] of cases) {
    await listInbox(query, prisma); // warm-up
    const samples: number[] = [];
    let rows = 0;
    for (let i = 0; i < SAMPLES; i += 1) {
      const start = performance.now();
      const page = await listInbox(query, prisma);
      samples.push(performance.now() - start);
      rows = page.conversations.length;
    }
    const p95 = percentile(samples, 95);
    worstP95 = Math.max(worstP95, p95);
    console.log(
      `${name.padEnd(32)} ${String(rows).padStart(4)} ${ms(percentile(samples, 50)).padStart(10)} ${ms(p95).padStart(10)} ${ms(Math.max(...samples)).padStart(10)}`,
    );
  }
  const total = await prisma.conversation.count();
  console.log(
    `\n${total} conversations; worst p95 ${ms(worstP95)} (target ≤ ${TARGET_MS} ms): ${worstP95 <= TARGET_MS ? "PASS" : "FAIL"}`,
  );
  if (worstP95 > TARGET_MS) process.exitCode = 1;
} finally {
  await db.stop();
}
