-- AlterTable
ALTER TABLE "pending_actions" ADD COLUMN     "refused_lines" TEXT[] DEFAULT ARRAY[]::TEXT[];
