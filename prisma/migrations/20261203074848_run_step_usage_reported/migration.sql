-- AlterTable
ALTER TABLE "run_steps" ADD COLUMN     "usage_reported" BOOLEAN NOT NULL DEFAULT true;
