-- AlterTable
ALTER TABLE "pending_actions" ADD COLUMN     "refused_reasons" JSONB NOT NULL DEFAULT '[]';
