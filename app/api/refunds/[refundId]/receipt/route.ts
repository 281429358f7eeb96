import { z } from "zod";
import { canonicalRefundReceipt } from "@/lib/domain/refund-receipt";
import { resolveAuditKey } from "@/lib/server/audit/audit-key";
import { defineRoute } from "@/lib/server/http/route";
import { exportRefundReceipt } from "@/lib/server/services/receipts/export-refund-receipt";

export const dynamic = "force-dynamic";

// Refund ids are letters, digits, `_` and `-`; anything else names no refund and never reaches
// the file name in the header.
const paramsSchema = z.object({ refundId: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/) });

/**
 * The refund's receipt as a file, in its canonical form. Answering a chargeback or a finance
 * audit is money work, so it needs the billing team's permission, like settling a payment.
 */
export const GET = defineRoute(
  { permission: "refunds.reconcile", params: paramsSchema },
  async ({ params, context }) => {
    const receipt = await exportRefundReceipt(
      { refundId: params.refundId, auditKey: resolveAuditKey() },
      context,
    );
    return new Response(canonicalRefundReceipt(receipt), {
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Content-Disposition": `attachment; filename="receipt-${params.refundId}.json"`,
        "Cache-Control": "no-store",
      },
    });
  },
);
