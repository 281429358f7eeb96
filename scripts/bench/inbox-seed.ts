import type { PrismaClient } from "@/lib/generated/prisma/client";
import { DEMO_WORKSPACE } from "@/prisma/demo-data";

/*
 * The inbox bench's data, written by Postgres itself (INSERT … SELECT generate_series), so
 * 100,000 conversations take seconds rather than minutes of client round trips. One customer per
 * five conversations, each with one order; two conversations in three name their customer's
 * order. Statuses, channels, amounts and activity (spread over 90 days) vary with the row number.
 */

export type InboxBenchSize = { conversations: number; customers: number };

export function inboxBenchSize(conversations: number): InboxBenchSize {
  return { conversations, customers: Math.max(1, Math.round(conversations / 5)) };
}

export async function seedInboxBench(prisma: PrismaClient, size: InboxBenchSize): Promise<void> {
  await prisma.$executeRawUnsafe(`
    INSERT INTO customers (id, email, name, created_at, workspace_id)
    SELECT 'bench_cus_' || g, 'bench' || g || '@example.net', 'Bench Customer ' || g, now(),
      (SELECT id FROM workspaces WHERE key = '${DEMO_WORKSPACE.key}')
    FROM generate_series(1, ${size.customers}) g`);
  await prisma.$executeRawUnsafe(`
    INSERT INTO orders (id, number, customer_id, placed_at, shipping_cents, payment_method_label)
    SELECT 'bench_ord_' || g, 'B' || (100000 + g), 'bench_cus_' || g,
      now() - make_interval(days => 100), 500, 'Visa ending 4242'
    FROM generate_series(1, ${size.customers}) g`);
  await prisma.$executeRawUnsafe(`
    INSERT INTO conversations (id, channel, status, customer_id, order_id, subject,
      amount_at_stake_cents, currency, last_message_at, created_at, updated_at)
    SELECT 'bench_conv_' || lpad(g::text, 7, '0'),
      (ARRAY['chat','email'])[1 + g % 2]::"ConversationChannel",
      (ARRAY['agent_working','waiting_on_customer','needs_approval','resolved','resolved','resolved',
             'needs_reconciliation','failed'])[1 + (g * 7) % 8]::"ConversationStatus",
      'bench_cus_' || customer,
      CASE WHEN g % 3 = 0 THEN NULL ELSE 'bench_ord_' || customer END,
      (ARRAY['Refund for a cracked mug','Jacket too big','Duplicate charge','Where is my order',
             'Wrong item received','Socks too small'])[1 + g % 6] || ' #' || g,
      CASE WHEN g % 3 = 0 THEN NULL ELSE (g * 137) % 30000 END,
      'USD',
      now() - make_interval(secs => (g * 617) % (90 * 86400)),
      now() - make_interval(secs => (g * 617) % (90 * 86400) + 3600),
      now()
    FROM generate_series(1, ${size.conversations}) g,
      LATERAL (SELECT 1 + (g * 31) % ${size.customers} AS customer) pick`);
  await prisma.$executeRawUnsafe("ANALYZE");
}
