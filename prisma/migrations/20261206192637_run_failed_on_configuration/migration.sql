-- AlterTable
ALTER TABLE "runs" ADD COLUMN     "failed_on_configuration" BOOLEAN NOT NULL DEFAULT false;
