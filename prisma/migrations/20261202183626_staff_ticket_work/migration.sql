-- CreateEnum
CREATE TYPE "TicketStatus" AS ENUM ('open', 'pending', 'solved');

-- AlterEnum
ALTER TYPE "DisputeStatus" ADD VALUE 'acknowledged';

-- AlterTable
ALTER TABLE "conversations" ADD COLUMN     "assignee_id" TEXT,
ADD COLUMN     "human_owner_id" TEXT,
ADD COLUMN     "ticket_status" "TicketStatus" NOT NULL DEFAULT 'open';

-- CreateIndex
CREATE INDEX "conversations_assignee_id_idx" ON "conversations"("assignee_id");

-- AddForeignKey
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_assignee_id_fkey" FOREIGN KEY ("assignee_id") REFERENCES "staff_users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_human_owner_id_fkey" FOREIGN KEY ("human_owner_id") REFERENCES "staff_users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
