-- DropForeignKey
ALTER TABLE "customers" DROP CONSTRAINT "customers_workspace_id_fkey";

-- DropIndex
DROP INDEX "customers_email_key";

-- DropIndex
DROP INDEX "customers_workspace_id_idx";

-- Every customer belongs to a workspace. Rows written before this rule with none (contacts who
-- only emailed) belong to the shop when there is exactly one, as every install so far has one; with
-- several, or none, the migration stops, since a person must say which shop each contact wrote to.
UPDATE "customers" SET "workspace_id" = (SELECT "id" FROM "workspaces")
 WHERE "workspace_id" IS NULL AND (SELECT count(*) FROM "workspaces") = 1;
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM "customers" WHERE "workspace_id" IS NULL) THEN
    RAISE EXCEPTION 'customers without a workspace remain: set customers.workspace_id for them, then migrate again';
  END IF;
END $$;

-- AlterTable
ALTER TABLE "customers" ALTER COLUMN "workspace_id" SET NOT NULL;

-- A customer's orders are their workspace's: the seeded and demo orders had none.
UPDATE "orders" AS o SET "workspace_id" = c."workspace_id"
  FROM "customers" AS c
 WHERE c."id" = o."customer_id" AND o."workspace_id" IS NULL;

-- AlterTable
ALTER TABLE "workspaces" ADD COLUMN     "support_address" TEXT;

-- CreateTable
CREATE TABLE "workspace_members" (
    "workspace_id" TEXT NOT NULL,
    "staff_user_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "workspace_members_pkey" PRIMARY KEY ("workspace_id","staff_user_id")
);

-- CreateIndex
CREATE INDEX "workspace_members_staff_user_id_idx" ON "workspace_members"("staff_user_id");

-- CreateIndex
CREATE UNIQUE INDEX "customers_workspace_id_email_key" ON "customers"("workspace_id", "email");

-- CreateIndex
CREATE UNIQUE INDEX "workspaces_support_address_key" ON "workspaces"("support_address");

-- AddForeignKey
ALTER TABLE "customers" ADD CONSTRAINT "customers_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_staff_user_id_fkey" FOREIGN KEY ("staff_user_id") REFERENCES "staff_users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Staff saw every conversation before workspaces scoped them: they keep seeing what they saw.
INSERT INTO "workspace_members" ("workspace_id", "staff_user_id")
SELECT w."id", s."id" FROM "workspaces" AS w CROSS JOIN "staff_users" AS s;
