-- Prisma wrote every DateTime as UTC into columns without a zone, while raw SQL compared them
-- with now() in the session's zone. The stored values are UTC instants, so each is read as UTC.

-- AlterTable
ALTER TABLE "approval_decisions" ALTER COLUMN "created_at" SET DATA TYPE TIMESTAMPTZ(3) USING "created_at" AT TIME ZONE 'UTC';

-- AlterTable
ALTER TABLE "audit_checkpoints" ALTER COLUMN "created_at" SET DATA TYPE TIMESTAMPTZ(3) USING "created_at" AT TIME ZONE 'UTC';

-- AlterTable
ALTER TABLE "audit_events" ALTER COLUMN "created_at" SET DATA TYPE TIMESTAMPTZ(3) USING "created_at" AT TIME ZONE 'UTC';

-- AlterTable
ALTER TABLE "charges" ALTER COLUMN "charged_at" SET DATA TYPE TIMESTAMPTZ(3) USING "charged_at" AT TIME ZONE 'UTC';

-- AlterTable
ALTER TABLE "conversations" ALTER COLUMN "last_message_at" SET DATA TYPE TIMESTAMPTZ(3) USING "last_message_at" AT TIME ZONE 'UTC',
ALTER COLUMN "last_customer_message_at" SET DATA TYPE TIMESTAMPTZ(3) USING "last_customer_message_at" AT TIME ZONE 'UTC',
ALTER COLUMN "created_at" SET DATA TYPE TIMESTAMPTZ(3) USING "created_at" AT TIME ZONE 'UTC',
ALTER COLUMN "updated_at" SET DATA TYPE TIMESTAMPTZ(3) USING "updated_at" AT TIME ZONE 'UTC',
ALTER COLUMN "resolved_at" SET DATA TYPE TIMESTAMPTZ(3) USING "resolved_at" AT TIME ZONE 'UTC';

-- AlterTable
ALTER TABLE "customer_sessions" ALTER COLUMN "created_at" SET DATA TYPE TIMESTAMPTZ(3) USING "created_at" AT TIME ZONE 'UTC',
ALTER COLUMN "last_seen_at" SET DATA TYPE TIMESTAMPTZ(3) USING "last_seen_at" AT TIME ZONE 'UTC',
ALTER COLUMN "ended_at" SET DATA TYPE TIMESTAMPTZ(3) USING "ended_at" AT TIME ZONE 'UTC';

-- AlterTable
ALTER TABLE "customers" ALTER COLUMN "created_at" SET DATA TYPE TIMESTAMPTZ(3) USING "created_at" AT TIME ZONE 'UTC';

-- AlterTable
ALTER TABLE "dispute_tickets" ALTER COLUMN "created_at" SET DATA TYPE TIMESTAMPTZ(3) USING "created_at" AT TIME ZONE 'UTC';

-- AlterTable
ALTER TABLE "idempotency_receipts" ALTER COLUMN "created_at" SET DATA TYPE TIMESTAMPTZ(3) USING "created_at" AT TIME ZONE 'UTC';

-- AlterTable
ALTER TABLE "inbound_emails" ALTER COLUMN "created_at" SET DATA TYPE TIMESTAMPTZ(3) USING "created_at" AT TIME ZONE 'UTC';

-- AlterTable
ALTER TABLE "login_throttles" ALTER COLUMN "window_start" SET DATA TYPE TIMESTAMPTZ(3) USING "window_start" AT TIME ZONE 'UTC',
ALTER COLUMN "locked_until" SET DATA TYPE TIMESTAMPTZ(3) USING "locked_until" AT TIME ZONE 'UTC';

-- AlterTable
ALTER TABLE "messages" ALTER COLUMN "created_at" SET DATA TYPE TIMESTAMPTZ(3) USING "created_at" AT TIME ZONE 'UTC';

-- AlterTable
ALTER TABLE "orders" ALTER COLUMN "placed_at" SET DATA TYPE TIMESTAMPTZ(3) USING "placed_at" AT TIME ZONE 'UTC',
ALTER COLUMN "delivered_at" SET DATA TYPE TIMESTAMPTZ(3) USING "delivered_at" AT TIME ZONE 'UTC',
ALTER COLUMN "created_at" SET DATA TYPE TIMESTAMPTZ(3) USING "created_at" AT TIME ZONE 'UTC';

-- AlterTable
ALTER TABLE "outbox_emails" ALTER COLUMN "locked_until" SET DATA TYPE TIMESTAMPTZ(3) USING "locked_until" AT TIME ZONE 'UTC',
ALTER COLUMN "next_attempt_at" SET DATA TYPE TIMESTAMPTZ(3) USING "next_attempt_at" AT TIME ZONE 'UTC',
ALTER COLUMN "sent_at" SET DATA TYPE TIMESTAMPTZ(3) USING "sent_at" AT TIME ZONE 'UTC',
ALTER COLUMN "created_at" SET DATA TYPE TIMESTAMPTZ(3) USING "created_at" AT TIME ZONE 'UTC',
ALTER COLUMN "failed_at" SET DATA TYPE TIMESTAMPTZ(3) USING "failed_at" AT TIME ZONE 'UTC';

-- AlterTable
ALTER TABLE "pending_actions" ALTER COLUMN "confirmed_at" SET DATA TYPE TIMESTAMPTZ(3) USING "confirmed_at" AT TIME ZONE 'UTC',
ALTER COLUMN "expires_at" SET DATA TYPE TIMESTAMPTZ(3) USING "expires_at" AT TIME ZONE 'UTC',
ALTER COLUMN "created_at" SET DATA TYPE TIMESTAMPTZ(3) USING "created_at" AT TIME ZONE 'UTC',
ALTER COLUMN "updated_at" SET DATA TYPE TIMESTAMPTZ(3) USING "updated_at" AT TIME ZONE 'UTC',
ALTER COLUMN "executed_at" SET DATA TYPE TIMESTAMPTZ(3) USING "executed_at" AT TIME ZONE 'UTC',
ALTER COLUMN "first_presented_at" SET DATA TYPE TIMESTAMPTZ(3) USING "first_presented_at" AT TIME ZONE 'UTC';

-- AlterTable
ALTER TABLE "realtime_events" ALTER COLUMN "created_at" SET DATA TYPE TIMESTAMPTZ(3) USING "created_at" AT TIME ZONE 'UTC';

-- AlterTable
ALTER TABLE "refunds" ALTER COLUMN "created_at" SET DATA TYPE TIMESTAMPTZ(3) USING "created_at" AT TIME ZONE 'UTC';

-- AlterTable
ALTER TABLE "run_steps" ALTER COLUMN "created_at" SET DATA TYPE TIMESTAMPTZ(3) USING "created_at" AT TIME ZONE 'UTC';

-- AlterTable
ALTER TABLE "runs" ALTER COLUMN "lease_expires_at" SET DATA TYPE TIMESTAMPTZ(3) USING "lease_expires_at" AT TIME ZONE 'UTC',
ALTER COLUMN "stop_requested_at" SET DATA TYPE TIMESTAMPTZ(3) USING "stop_requested_at" AT TIME ZONE 'UTC',
ALTER COLUMN "created_at" SET DATA TYPE TIMESTAMPTZ(3) USING "created_at" AT TIME ZONE 'UTC',
ALTER COLUMN "updated_at" SET DATA TYPE TIMESTAMPTZ(3) USING "updated_at" AT TIME ZONE 'UTC',
ALTER COLUMN "finished_at" SET DATA TYPE TIMESTAMPTZ(3) USING "finished_at" AT TIME ZONE 'UTC';

-- AlterTable
ALTER TABLE "settings" ALTER COLUMN "updated_at" SET DATA TYPE TIMESTAMPTZ(3) USING "updated_at" AT TIME ZONE 'UTC';

-- AlterTable
ALTER TABLE "staff_users" ALTER COLUMN "created_at" SET DATA TYPE TIMESTAMPTZ(3) USING "created_at" AT TIME ZONE 'UTC',
ALTER COLUMN "last_login_at" SET DATA TYPE TIMESTAMPTZ(3) USING "last_login_at" AT TIME ZONE 'UTC';

-- AlterTable
ALTER TABLE "workspaces" ALTER COLUMN "created_at" SET DATA TYPE TIMESTAMPTZ(3) USING "created_at" AT TIME ZONE 'UTC';
