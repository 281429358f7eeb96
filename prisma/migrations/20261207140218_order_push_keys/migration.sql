-- CreateTable
CREATE TABLE "order_push_keys" (
    "id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "secret_ciphertext" TEXT NOT NULL,
    "secret_last4" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_used_at" TIMESTAMPTZ(3),

    CONSTRAINT "order_push_keys_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "order_push_keys_workspace_id_key" ON "order_push_keys"("workspace_id");

-- AddForeignKey
ALTER TABLE "order_push_keys" ADD CONSTRAINT "order_push_keys_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;
