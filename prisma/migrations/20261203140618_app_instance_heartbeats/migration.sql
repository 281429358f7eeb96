-- AlterTable
ALTER TABLE "pending_actions" ADD COLUMN     "claimed_by" TEXT;

-- CreateTable
CREATE TABLE "app_instances" (
    "id" TEXT NOT NULL,
    "hostname" TEXT NOT NULL,
    "pid" INTEGER NOT NULL,
    "started_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "heartbeat_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "reclaimed_at" TIMESTAMPTZ(3),

    CONSTRAINT "app_instances_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "app_instances_heartbeat_at_idx" ON "app_instances"("heartbeat_at");
