-- CreateTable
CREATE TABLE "saved_replies" (
    "id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "owner_id" TEXT,
    "created_by_id" TEXT NOT NULL,
    "updated_by_id" TEXT NOT NULL,
    "archived_at" TIMESTAMPTZ(3),
    "archived_by_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "saved_replies_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "saved_reply_uses" (
    "id" TEXT NOT NULL,
    "saved_reply_id" TEXT NOT NULL,
    "conversation_id" TEXT NOT NULL,
    "staff_user_id" TEXT NOT NULL,
    "used_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "saved_reply_uses_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "saved_replies_workspace_id_archived_at_idx" ON "saved_replies"("workspace_id", "archived_at");

-- CreateIndex
CREATE INDEX "saved_reply_uses_used_at_idx" ON "saved_reply_uses"("used_at");

-- CreateIndex
CREATE INDEX "saved_reply_uses_saved_reply_id_idx" ON "saved_reply_uses"("saved_reply_id");

-- AddForeignKey
ALTER TABLE "saved_replies" ADD CONSTRAINT "saved_replies_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "saved_reply_uses" ADD CONSTRAINT "saved_reply_uses_saved_reply_id_fkey" FOREIGN KEY ("saved_reply_id") REFERENCES "saved_replies"("id") ON DELETE CASCADE ON UPDATE CASCADE;
