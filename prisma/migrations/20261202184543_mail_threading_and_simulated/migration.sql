-- AlterTable
ALTER TABLE "customers" ADD COLUMN     "contact_only" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "messages" ADD COLUMN     "simulated" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "outbox_emails" ADD COLUMN     "failed_at" TIMESTAMP(3),
ADD COLUMN     "in_reply_to" TEXT,
ADD COLUMN     "message_id" TEXT,
ADD COLUMN     "thread_references" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- CreateTable
CREATE TABLE "inbound_emails" (
    "id" TEXT NOT NULL,
    "message_id" TEXT NOT NULL,
    "conversation_id" TEXT NOT NULL,
    "customer_message_id" TEXT,
    "from_address" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "in_reply_to" TEXT,
    "thread_references" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "attachments" JSONB NOT NULL DEFAULT '[]',
    "size_bytes" INTEGER NOT NULL,
    "received_via" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "inbound_emails_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "inbound_emails_message_id_key" ON "inbound_emails"("message_id");

-- CreateIndex
CREATE UNIQUE INDEX "inbound_emails_customer_message_id_key" ON "inbound_emails"("customer_message_id");

-- CreateIndex
CREATE INDEX "inbound_emails_conversation_id_idx" ON "inbound_emails"("conversation_id");

-- CreateIndex
CREATE UNIQUE INDEX "outbox_emails_message_id_key" ON "outbox_emails"("message_id");

-- CreateIndex
CREATE INDEX "outbox_emails_conversation_id_idx" ON "outbox_emails"("conversation_id");

-- AddForeignKey
ALTER TABLE "inbound_emails" ADD CONSTRAINT "inbound_emails_conversation_id_fkey" FOREIGN KEY ("conversation_id") REFERENCES "conversations"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "inbound_emails" ADD CONSTRAINT "inbound_emails_customer_message_id_fkey" FOREIGN KEY ("customer_message_id") REFERENCES "messages"("id") ON DELETE SET NULL ON UPDATE CASCADE;
