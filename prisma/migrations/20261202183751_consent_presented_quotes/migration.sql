-- AlterTable
ALTER TABLE "messages" ADD COLUMN     "presented_action_id" TEXT,
ADD COLUMN     "presented_quote_hash" TEXT;

-- AlterTable
ALTER TABLE "pending_actions" ADD COLUMN     "first_presented_at" TIMESTAMP(3),
ADD COLUMN     "reason_stated_by_customer" BOOLEAN NOT NULL DEFAULT true;

-- CreateIndex
CREATE INDEX "messages_presented_action_id_idx" ON "messages"("presented_action_id");
