-- CreateEnum
CREATE TYPE "LanguageSource" AS ENUM ('detected', 'customer', 'staff');

-- AlterTable
ALTER TABLE "conversations" ADD COLUMN     "language" TEXT,
ADD COLUMN     "language_source" "LanguageSource";

-- A language is a lower-case ISO 639 code, and it always says who set it.
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_language_check" CHECK (
  ("language" IS NULL AND "language_source" IS NULL)
  OR ("language" ~ '^[a-z]{2,3}$' AND "language_source" IS NOT NULL)
);
