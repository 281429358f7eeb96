-- Inbox status tabs count a search's matches per status, stopping at 1,000 (the tab then reads
-- "1,000+"). With one trigram index for every status, each status's count had to read the
-- word's matches in all of them; one index per status reads only its own. A search without a
-- status filter reads the six (as many entries in all as the one index held), and a conversation
-- is in one of them, so a write costs what it did.

-- DropIndex
DROP INDEX "conversations_search_text_trgm_idx";

-- CreateIndex
CREATE INDEX "conversations_search_text_agent_working_trgm_idx" ON "conversations" USING GIN ("search_text" gin_trgm_ops) WHERE (status = 'agent_working');

-- CreateIndex
CREATE INDEX "conversations_search_text_waiting_on_customer_trgm_idx" ON "conversations" USING GIN ("search_text" gin_trgm_ops) WHERE (status = 'waiting_on_customer');

-- CreateIndex
CREATE INDEX "conversations_search_text_needs_approval_trgm_idx" ON "conversations" USING GIN ("search_text" gin_trgm_ops) WHERE (status = 'needs_approval');

-- CreateIndex
CREATE INDEX "conversations_search_text_resolved_trgm_idx" ON "conversations" USING GIN ("search_text" gin_trgm_ops) WHERE (status = 'resolved');

-- CreateIndex
CREATE INDEX "conversations_search_text_needs_reconciliation_trgm_idx" ON "conversations" USING GIN ("search_text" gin_trgm_ops) WHERE (status = 'needs_reconciliation');

-- CreateIndex
CREATE INDEX "conversations_search_text_failed_trgm_idx" ON "conversations" USING GIN ("search_text" gin_trgm_ops) WHERE (status = 'failed');

-- The tabs' counts under a channel filter read one status and channel off this index, up to the
-- cap; with the channel first and the status after, a status that has no conversation on that
-- channel costs nothing, where the (status, activity) index made it read the whole status.
-- DropIndex
DROP INDEX "conversations_channel_last_message_at_idx";

-- CreateIndex
CREATE INDEX "conversations_channel_status_last_message_at_idx" ON "conversations"("channel", "status", "last_message_at" DESC);

-- New entries wait in each index's pending list (fastupdate) until it reaches this size, and
-- every search reads the whole list: 4 MB by default, six times over, made a search after a burst
-- of writes several times slower. 256 kB each (about 200 conversations) keeps what searches read
-- there under what the one index had; the entries reach the index in more, smaller batches.
ALTER INDEX "conversations_search_text_agent_working_trgm_idx" SET (gin_pending_list_limit = 256);
ALTER INDEX "conversations_search_text_waiting_on_customer_trgm_idx" SET (gin_pending_list_limit = 256);
ALTER INDEX "conversations_search_text_needs_approval_trgm_idx" SET (gin_pending_list_limit = 256);
ALTER INDEX "conversations_search_text_resolved_trgm_idx" SET (gin_pending_list_limit = 256);
ALTER INDEX "conversations_search_text_needs_reconciliation_trgm_idx" SET (gin_pending_list_limit = 256);
ALTER INDEX "conversations_search_text_failed_trgm_idx" SET (gin_pending_list_limit = 256);
