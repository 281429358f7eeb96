-- CreateEnum
CREATE TYPE "PolicyVersionStatus" AS ENUM ('draft', 'published');

-- CreateTable
CREATE TABLE "policy_versions" (
    "id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "status" "PolicyVersionStatus" NOT NULL,
    "number" INTEGER,
    "document" JSONB NOT NULL,
    "based_on" TEXT NOT NULL,
    "restores" TEXT,
    "effective_from" TIMESTAMPTZ(3),
    "effective_until" TIMESTAMPTZ(3),
    "created_by_id" TEXT,
    "updated_by_id" TEXT,
    "published_by_id" TEXT,
    "published_at" TIMESTAMPTZ(3),
    "dry_run_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "policy_versions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "policy_dry_runs" (
    "id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "draft_id" TEXT NOT NULL,
    "document_hash" TEXT NOT NULL,
    "compared_with" TEXT NOT NULL,
    "lookback_days" INTEGER NOT NULL,
    "summary" JSONB NOT NULL,
    "changes" JSONB NOT NULL,
    "ran_by_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "policy_dry_runs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "policy_versions_dry_run_id_key" ON "policy_versions"("dry_run_id");

-- CreateIndex
CREATE INDEX "policy_versions_workspace_id_status_idx" ON "policy_versions"("workspace_id", "status");

-- CreateIndex
CREATE UNIQUE INDEX "policy_versions_workspace_id_number_key" ON "policy_versions"("workspace_id", "number");

-- CreateIndex
CREATE INDEX "policy_dry_runs_workspace_id_created_at_idx" ON "policy_dry_runs"("workspace_id", "created_at");

-- AddForeignKey
ALTER TABLE "policy_versions" ADD CONSTRAINT "policy_versions_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "policy_versions" ADD CONSTRAINT "policy_versions_dry_run_id_fkey" FOREIGN KEY ("dry_run_id") REFERENCES "policy_dry_runs"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "policy_dry_runs" ADD CONSTRAINT "policy_dry_runs_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- One draft per workspace at a time.
CREATE UNIQUE INDEX "policy_versions_one_draft_per_workspace" ON "policy_versions"("workspace_id") WHERE "status" = 'draft';

-- A published version has a number and a start; a draft has neither.
ALTER TABLE "policy_versions" ADD CONSTRAINT "policy_versions_published_shape" CHECK (
  ("status" = 'draft' AND "number" IS NULL AND "effective_from" IS NULL)
  OR ("status" = 'published' AND "number" IS NOT NULL AND "effective_from" IS NOT NULL)
);

-- Refund policy v1 becomes each existing workspace's first version. The auto-approve limits and the
-- quote hold were admin settings until now; a value an admin changed is carried into the document.
INSERT INTO "policy_versions" ("id", "workspace_id", "status", "number", "document", "based_on", "effective_from", "published_at", "updated_at")
SELECT
  'policy-v1-' || w."id",
  w."id",
  'published',
  1,
  jsonb_build_object(
    'defaultWindowDays', 30,
    'reasons', jsonb_build_object(
      'damaged', jsonb_build_object('merchantFault', true, 'feeRateBasisPoints', 0, 'refundsShipping', true),
      'wrong_item', jsonb_build_object('merchantFault', true, 'feeRateBasisPoints', 0, 'refundsShipping', true),
      'not_as_described', jsonb_build_object('merchantFault', true, 'feeRateBasisPoints', 0, 'refundsShipping', false),
      'too_small', jsonb_build_object('merchantFault', false, 'feeRateBasisPoints', 1000, 'refundsShipping', false),
      'too_large', jsonb_build_object('merchantFault', false, 'feeRateBasisPoints', 1000, 'refundsShipping', false),
      'no_longer_needed', jsonb_build_object('merchantFault', false, 'feeRateBasisPoints', 1000, 'refundsShipping', false)
    ),
    'categories', jsonb_build_array(
      jsonb_build_object('name', 'electronics', 'label', 'electronics', 'windowDays', 15, 'openedFeeRateBasisPoints', 1500, 'finalSale', false),
      jsonb_build_object('name', 'gift_card', 'label', 'gift cards', 'windowDays', null, 'openedFeeRateBasisPoints', null, 'finalSale', true)
    ),
    'approval', jsonb_build_object(
      'autoApproveLimitCents', COALESCE((SELECT "value" FROM "settings" WHERE "key" = 'autoApproveLimitCents'), '2500'::jsonb),
      'merchantFaultAutoApproveLimitCents', COALESCE((SELECT "value" FROM "settings" WHERE "key" = 'merchantFaultAutoApproveLimitCents'), '0'::jsonb),
      'alwaysApproveChannels', jsonb_build_array('email'),
      'alwaysApproveReasons', jsonb_build_array()
    ),
    'quoteHoldMinutes', COALESCE((SELECT "value" FROM "settings" WHERE "key" = 'quoteHoldMinutes'), '10'::jsonb)
  ),
  'refund-policy/v1',
  TIMESTAMPTZ '2000-01-01 00:00:00+00',
  CURRENT_TIMESTAMP,
  CURRENT_TIMESTAMP
FROM "workspaces" w;

DELETE FROM "settings" WHERE "key" IN ('autoApproveLimitCents', 'merchantFaultAutoApproveLimitCents', 'quoteHoldMinutes');
