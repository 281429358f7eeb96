-- CreateEnum
CREATE TYPE "SlaPauseCause" AS ENUM ('person', 'solved');

-- AlterTable
ALTER TABLE "conversations" ADD COLUMN     "first_replied_at" TIMESTAMPTZ(3),
ADD COLUMN     "first_reply_due_at" TIMESTAMPTZ(3),
ADD COLUMN     "first_reply_warn_at" TIMESTAMPTZ(3),
ADD COLUMN     "resolution_due_at" TIMESTAMPTZ(3),
ADD COLUMN     "resolution_warn_at" TIMESTAMPTZ(3),
ADD COLUMN     "sla_started_at" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "sla_pauses" (
    "id" TEXT NOT NULL,
    "conversation_id" TEXT NOT NULL,
    "cause" "SlaPauseCause" NOT NULL,
    "reason" TEXT,
    "started_at" TIMESTAMPTZ(3) NOT NULL,
    "ended_at" TIMESTAMPTZ(3),
    "paused_by_id" TEXT,
    "resumed_by_id" TEXT,

    CONSTRAINT "sla_pauses_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "sla_pauses_conversation_id_started_at_idx" ON "sla_pauses"("conversation_id", "started_at");

-- CreateIndex
CREATE UNIQUE INDEX "sla_pauses_one_open_per_cause" ON "sla_pauses"("conversation_id", "cause") WHERE (ended_at IS NULL);

-- CreateIndex
CREATE INDEX "conversations_first_reply_due_at_idx" ON "conversations"("first_reply_due_at") WHERE (first_reply_due_at IS NOT NULL);

-- CreateIndex
CREATE INDEX "conversations_resolution_due_at_idx" ON "conversations"("resolution_due_at") WHERE (resolution_due_at IS NOT NULL);

-- CreateIndex
CREATE INDEX "conversations_first_reply_warn_at_idx" ON "conversations"("first_reply_warn_at") WHERE (first_reply_warn_at IS NOT NULL);

-- CreateIndex
CREATE INDEX "conversations_resolution_warn_at_idx" ON "conversations"("resolution_warn_at") WHERE (resolution_warn_at IS NOT NULL);

-- AddForeignKey
ALTER TABLE "sla_pauses" ADD CONSTRAINT "sla_pauses_conversation_id_fkey" FOREIGN KEY ("conversation_id") REFERENCES "conversations"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- The SLA clocks start at the customer's first message and the first-reply clock stops at the
-- first message the customer can read from the agent or a person after it. Messages are written
-- by many paths, some as single SQL statements, so the database records both facts as the rows
-- go in; the first reply also clears the first-reply clock's due times (it no longer runs).
CREATE FUNCTION message_sla_facts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.author_kind = 'customer' THEN
    UPDATE conversations SET sla_started_at = NEW.created_at
      WHERE id = NEW.conversation_id AND sla_started_at IS NULL;
  ELSIF NEW.author_kind IN ('agent', 'staff') AND NEW.visibility = 'customer' THEN
    UPDATE conversations
      SET first_replied_at = NEW.created_at, first_reply_due_at = NULL, first_reply_warn_at = NULL
      WHERE id = NEW.conversation_id AND first_replied_at IS NULL AND sla_started_at IS NOT NULL;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER messages_sla_facts
  AFTER INSERT ON messages FOR EACH ROW EXECUTE FUNCTION message_sla_facts();

-- Existing conversations: the same facts from their messages. Their due times are written by
-- the next event that moves them (a message, a status change, a pause, a change of targets).
UPDATE conversations c SET sla_started_at = m.first_at
  FROM (SELECT conversation_id, min(created_at) AS first_at FROM messages
          WHERE author_kind = 'customer' GROUP BY conversation_id) m
  WHERE m.conversation_id = c.id;

UPDATE conversations c SET first_replied_at = m.first_at
  FROM (SELECT r.conversation_id, min(r.created_at) AS first_at
          FROM messages r JOIN conversations cc ON cc.id = r.conversation_id
          WHERE r.author_kind IN ('agent', 'staff') AND r.visibility = 'customer'
            AND r.created_at >= cc.sla_started_at
          GROUP BY r.conversation_id) m
  WHERE m.conversation_id = c.id;
