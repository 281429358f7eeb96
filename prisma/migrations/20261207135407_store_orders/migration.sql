-- CreateEnum
CREATE TYPE "OrderSource" AS ENUM ('local', 'shopify', 'orders_api', 'csv_import');

-- AlterTable
ALTER TABLE "customers" ADD COLUMN     "external_id" TEXT;

-- AlterTable
ALTER TABLE "order_lines" ADD COLUMN     "external_id" TEXT,
ADD COLUMN     "refunded_in_store_quantity" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "removed_at" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "orders" ADD COLUMN     "connection_id" TEXT,
ADD COLUMN     "external_id" TEXT,
ADD COLUMN     "shipping_refunded_in_store" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "source" "OrderSource" NOT NULL DEFAULT 'local',
ADD COLUMN     "store_checked_at" TIMESTAMPTZ(3),
ADD COLUMN     "store_version" TEXT,
ADD COLUMN     "workspace_id" TEXT;

-- AlterTable
ALTER TABLE "payment_connections" ADD COLUMN     "shop_domain" TEXT;

-- AlterTable
ALTER TABLE "pending_actions" ADD COLUMN     "order_fingerprint" TEXT,
ADD COLUMN     "order_version" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "orders_workspace_id_source_external_id_key" ON "orders"("workspace_id", "source", "external_id");

-- AddForeignKey
ALTER TABLE "orders" ADD CONSTRAINT "orders_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "orders" ADD CONSTRAINT "orders_connection_id_fkey" FOREIGN KEY ("connection_id") REFERENCES "payment_connections"("id") ON DELETE SET NULL ON UPDATE CASCADE;
