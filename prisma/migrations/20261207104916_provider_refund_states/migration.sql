-- AlterEnum: the payment provider's own refund states.

ALTER TYPE "RefundStatus" ADD VALUE 'pending';
ALTER TYPE "RefundStatus" ADD VALUE 'requires_action';
ALTER TYPE "RefundStatus" ADD VALUE 'canceled';

-- AlterTable
ALTER TABLE "orders" ADD COLUMN     "payment_reference" TEXT;

-- AlterTable
ALTER TABLE "pending_actions" ADD COLUMN     "payment_connection_id" TEXT,
ADD COLUMN     "payment_provider" TEXT,
ADD COLUMN     "payment_submitted_at" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "refunds" ADD COLUMN     "connection_id" TEXT,
ADD COLUMN     "failed_at" TIMESTAMPTZ(3),
ADD COLUMN     "paid_at" TIMESTAMPTZ(3),
ADD COLUMN     "provider" TEXT NOT NULL DEFAULT 'ledger',
ADD COLUMN     "provider_updated_at" TIMESTAMPTZ(3),
ADD COLUMN     "status_reason" TEXT;

-- CreateTable
CREATE TABLE "payment_connections" (
    "id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "secret_key_ciphertext" TEXT NOT NULL,
    "secret_key_last4" TEXT NOT NULL,
    "webhook_secret_ciphertext" TEXT NOT NULL,
    "webhook_secret_last4" TEXT NOT NULL,
    "mode" TEXT NOT NULL,
    "health" TEXT NOT NULL DEFAULT 'untested',
    "health_detail" TEXT,
    "checked_at" TIMESTAMPTZ(3),
    "last_webhook_at" TIMESTAMPTZ(3),
    "last_webhook_type" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "payment_connections_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "payment_webhook_events" (
    "id" TEXT NOT NULL,
    "connection_id" TEXT NOT NULL,
    "event_id" TEXT NOT NULL,
    "event_type" TEXT NOT NULL,
    "provider_refund_id" TEXT,
    "occurred_at" TIMESTAMPTZ(3) NOT NULL,
    "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "outcome" TEXT NOT NULL,

    CONSTRAINT "payment_webhook_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "payment_connections_workspace_id_provider_key" ON "payment_connections"("workspace_id", "provider");

-- CreateIndex
CREATE UNIQUE INDEX "payment_webhook_events_connection_id_event_id_key" ON "payment_webhook_events"("connection_id", "event_id");

-- CreateIndex
CREATE INDEX "refunds_provider_provider_refund_id_idx" ON "refunds"("provider", "provider_refund_id");

-- CreateIndex
CREATE INDEX "refunds_status_idx" ON "refunds"("status");

-- AddForeignKey
ALTER TABLE "payment_connections" ADD CONSTRAINT "payment_connections_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payment_webhook_events" ADD CONSTRAINT "payment_webhook_events_connection_id_fkey" FOREIGN KEY ("connection_id") REFERENCES "payment_connections"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Refunds recorded before providers reported states were paid when they were recorded.
UPDATE "refunds" SET "paid_at" = "created_at" WHERE "status" = 'succeeded';
