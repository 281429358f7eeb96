-- The order facts a quote was made on, for replaying the request under a draft policy (dry run).
ALTER TABLE "pending_actions" ADD COLUMN "order_facts" JSONB;
