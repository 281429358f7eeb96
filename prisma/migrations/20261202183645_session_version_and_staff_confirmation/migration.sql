-- AlterTable
ALTER TABLE "pending_actions" ADD COLUMN     "confirmed_by_staff_id" TEXT;

-- AlterTable
ALTER TABLE "staff_users" ADD COLUMN     "session_version" INTEGER NOT NULL DEFAULT 0;

-- Deactivating, reactivating or changing the password of a staff user ends every session they
-- hold, whichever code path (or psql) made the change.
CREATE FUNCTION bump_staff_session_version() RETURNS trigger AS $$
BEGIN
  NEW.session_version := OLD.session_version + 1;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER staff_users_bump_session_version
  BEFORE UPDATE OF active, password_hash ON "staff_users"
  FOR EACH ROW
  WHEN (OLD.active IS DISTINCT FROM NEW.active OR OLD.password_hash IS DISTINCT FROM NEW.password_hash)
  EXECUTE FUNCTION bump_staff_session_version();
