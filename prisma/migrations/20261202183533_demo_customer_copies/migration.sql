-- DropIndex
DROP INDEX "charges_customer_id_idx";

-- DropIndex
DROP INDEX "charges_reference_key";

-- DropIndex
DROP INDEX "orders_customer_id_idx";

-- DropIndex
DROP INDEX "orders_number_key";

-- AlterTable
ALTER TABLE "customers" ADD COLUMN     "demo_of" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "charges_customer_id_reference_key" ON "charges"("customer_id", "reference");

-- CreateIndex
CREATE INDEX "orders_number_idx" ON "orders"("number");

-- CreateIndex
CREATE UNIQUE INDEX "orders_customer_id_number_key" ON "orders"("customer_id", "number");
