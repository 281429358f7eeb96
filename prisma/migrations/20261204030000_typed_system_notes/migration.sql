-- System notes that record a server decision carry it as data beside their text, so the agent
-- never reads a decision back out of prose. Notes written before this migration keep both columns
-- NULL: to the agent they are plain notes, not intent notes (their text is unchanged for staff).

-- CreateEnum
CREATE TYPE "MessageNoteKind" AS ENUM ('customer_intent');

-- AlterTable
ALTER TABLE "messages" ADD COLUMN     "note_data" JSONB,
ADD COLUMN     "note_kind" "MessageNoteKind";
