-- AlterTable
ALTER TABLE "audit_events" ADD COLUMN     "position" BIGINT,
ALTER COLUMN "hash" DROP NOT NULL;

-- AlterTable
ALTER TABLE "realtime_events" ADD COLUMN     "position" BIGINT;

-- CreateTable
CREATE TABLE "audit_checkpoints" (
    "id" BIGSERIAL NOT NULL,
    "position" BIGINT NOT NULL,
    "hash" TEXT NOT NULL,
    "mac" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "audit_checkpoints_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "audit_checkpoints_position_idx" ON "audit_checkpoints"("position");

-- CreateIndex
CREATE UNIQUE INDEX "audit_events_position_key" ON "audit_events"("position");

-- CreateIndex
CREATE UNIQUE INDEX "realtime_events_position_key" ON "realtime_events"("position");

-- Rows written under the old global-lock chain (sha256, id order) are re-sealed by the sealer
-- under the keyed chain, in id order, before the guard below starts refusing changes.
UPDATE "audit_events" SET "prev_hash" = NULL, "hash" = NULL;

-- Audit rows are append-only. The only UPDATE allowed is the sealer's one-time seal of an
-- unsealed row, which sets position, prev_hash and hash and changes nothing else. A row is
-- inserted unsealed. The HMAC chain is what detects a change made with these triggers disabled.
CREATE FUNCTION "audit_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'audit_events is append-only: DELETE refused' USING ERRCODE = '42501';
  END IF;
  IF TG_OP = 'INSERT' THEN
    IF NEW.position IS NOT NULL OR NEW.prev_hash IS NOT NULL OR NEW.hash IS NOT NULL THEN
      RAISE EXCEPTION 'audit_events rows are inserted unsealed: only the sealer sets position and hash'
        USING ERRCODE = '42501';
    END IF;
    RETURN NEW;
  END IF;
  IF OLD.position IS NOT NULL OR NEW.position IS NULL OR NEW.hash IS NULL
     OR (NEW.id, NEW.kind, NEW.actor_kind, NEW.actor_id, NEW.subject_type, NEW.subject_id,
         NEW.conversation_id, NEW.payload, NEW.created_at)
        IS DISTINCT FROM
        (OLD.id, OLD.kind, OLD.actor_kind, OLD.actor_id, OLD.subject_type, OLD.subject_id,
         OLD.conversation_id, OLD.payload, OLD.created_at) THEN
    RAISE EXCEPTION 'audit_events is append-only: UPDATE refused (only sealing an unsealed row)'
      USING ERRCODE = '42501';
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER "audit_events_append_only"
  BEFORE INSERT OR UPDATE OR DELETE ON "audit_events"
  FOR EACH ROW EXECUTE FUNCTION "audit_events_append_only"();

CREATE FUNCTION "audit_checkpoints_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_checkpoints is append-only: % refused', TG_OP USING ERRCODE = '42501';
END;
$$;

CREATE TRIGGER "audit_checkpoints_append_only"
  BEFORE UPDATE OR DELETE ON "audit_checkpoints"
  FOR EACH ROW EXECUTE FUNCTION "audit_checkpoints_append_only"();
