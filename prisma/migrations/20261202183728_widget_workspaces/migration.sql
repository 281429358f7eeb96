-- CreateEnum
CREATE TYPE "IdentityMethod" AS ENUM ('order_check', 'signed_token', 'demo_story');

-- AlterTable
ALTER TABLE "customer_sessions" ADD COLUMN     "identity_method" "IdentityMethod" NOT NULL DEFAULT 'demo_story',
ADD COLUMN     "workspace_id" TEXT;

-- CreateTable
CREATE TABLE "workspaces" (
    "id" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "identity_secret" TEXT NOT NULL,
    "enforce_identity_token" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "workspaces_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "workspaces_key_key" ON "workspaces"("key");

-- CreateIndex
CREATE INDEX "customer_sessions_customer_id_workspace_id_idx" ON "customer_sessions"("customer_id", "workspace_id");

-- AddForeignKey
ALTER TABLE "customer_sessions" ADD CONSTRAINT "customer_sessions_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE SET NULL ON UPDATE CASCADE;
