-- AlterTable
ALTER TABLE "customers" ADD COLUMN     "workspace_id" TEXT;

-- CreateIndex
CREATE INDEX "customers_workspace_id_idx" ON "customers"("workspace_id");

-- AddForeignKey
ALTER TABLE "customers" ADD CONSTRAINT "customers_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Customers written before workspaces scoped them belong to the shop when there is exactly one
-- (every install so far); with several, a person must say which shop each customer is from, and
-- until then no widget opens a session for them. Contacts who only emailed belong to no shop.
UPDATE "customers" SET "workspace_id" = (SELECT "id" FROM "workspaces")
 WHERE "contact_only" = false AND (SELECT count(*) FROM "workspaces") = 1;
