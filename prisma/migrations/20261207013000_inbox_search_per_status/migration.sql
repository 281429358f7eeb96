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

