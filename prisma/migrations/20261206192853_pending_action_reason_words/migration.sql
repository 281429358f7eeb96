-- AlterTable
ALTER TABLE "pending_actions" ADD COLUMN     "reason_words" TEXT;
