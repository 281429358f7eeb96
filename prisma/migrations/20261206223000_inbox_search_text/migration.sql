-- Inbox search finds each word as a substring, in any case (ILIKE '%word%'), in the subject and
-- the customer's name and email, or as the whole order number. A btree cannot serve that, and
-- the words' matches spread over three tables, so at 100,000 conversations every search read
-- every conversation, customer and order. Each conversation now carries its searchable text,
-- kept by the triggers below on every write that changes it, under one pg_trgm GIN index.
-- pg_trgm ships with Postgres (contrib) and managed services allow it (RDS, Cloud SQL, Azure,
-- Supabase and Neon list it among their supported extensions).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- AlterTable
ALTER TABLE "conversations" ADD COLUMN "search_order_number" TEXT,
ADD COLUMN "search_text" TEXT NOT NULL DEFAULT '';

-- Lines, so that a word (which holds no whitespace) never matches across two fields; in lower
-- case, so that search is LIKE on lower(word), the same match as ILIKE without lowering every
-- row it tests.
CREATE FUNCTION conversation_search_fields() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A customer id that names no customer is left for the foreign key to refuse.
  NEW.search_text := lower(NEW.subject || E'\n' || coalesce(
    (SELECT cu.name || E'\n' || cu.email FROM customers cu WHERE cu.id = NEW.customer_id), ''));
  NEW.search_order_number := (SELECT lower(o.number) FROM orders o WHERE o.id = NEW.order_id);
  RETURN NEW;
END $$;

CREATE TRIGGER conversations_search_fields
  BEFORE INSERT OR UPDATE OF subject, customer_id, order_id, search_text, search_order_number
  ON conversations FOR EACH ROW EXECUTE FUNCTION conversation_search_fields();

-- A renamed customer or order: their conversations recompute (the trigger above fires on a
-- write of customer_id or order_id, even to the same value).
CREATE FUNCTION customer_search_fields_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE conversations SET customer_id = customer_id WHERE customer_id = NEW.id;
  RETURN NULL;
END $$;

CREATE TRIGGER customers_search_fields
  AFTER UPDATE OF name, email ON customers FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.email IS DISTINCT FROM NEW.email)
  EXECUTE FUNCTION customer_search_fields_changed();

CREATE FUNCTION order_search_fields_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE conversations SET order_id = order_id WHERE order_id = NEW.id;
  RETURN NULL;
END $$;

CREATE TRIGGER orders_search_fields
  AFTER UPDATE OF number ON orders FOR EACH ROW
  WHEN (OLD.number IS DISTINCT FROM NEW.number)
  EXECUTE FUNCTION order_search_fields_changed();

-- The conversations written before this migration.
UPDATE conversations SET customer_id = customer_id;

-- CreateIndex
CREATE INDEX "conversations_search_order_number_idx" ON "conversations"("search_order_number");

-- CreateIndex
CREATE INDEX "conversations_search_text_trgm_idx" ON "conversations" USING GIN ("search_text" gin_trgm_ops);
