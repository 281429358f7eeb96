-- AlterTable
ALTER TABLE "conversations" ADD COLUMN     "needs_person_kind" TEXT,
ADD COLUMN     "needs_person_reason" TEXT,
ADD COLUMN     "needs_person_since" TIMESTAMPTZ(3);

-- CreateIndex
CREATE INDEX "conversations_needs_person_since_idx" ON "conversations"("needs_person_since");
