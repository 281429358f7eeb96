import { NextRequest } from "next/server";
import { describe, expect, it, vi } from "vitest";
import { verifyRefundReceipt } from "@/lib/domain/refund-receipt-verification";
import { resolveAuditKey } from "@/lib/server/audit/audit-key";
import { sealPendingLogs } from "@/lib/server/audit/seal-pending-logs";
import type { StaffSession } from "@/lib/server/auth/session";
import { approveAction } from "@/lib/server/services/pending-actions/approve-or-reject-action";
import { executePendingAction } from "@/lib/server/services/pending-actions/execute-pending-action";
import { proposeMayaRefund } from "@/tests/support/propose-maya-refund";
import { seededTestDatabase } from "@/tests/support/test-database-hooks";
import { testUseCaseContext } from "@/tests/support/test-use-case-context";

process.env.LOG_LEVEL ??= "silent";

const staff = vi.hoisted(() => ({ session: null as StaffSession | null }));

// The signed-in staff member; everything after the session lookup is the real route pipeline.
vi.mock("@/lib/server/auth/session", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/server/auth/session")>()),
  getStaffSessionForRequest: async () => staff.session,
}));

const { GET } = await import("./route");

const prisma = seededTestDatabase();

async function signInAs(role: "agent" | "approver" | "admin"): Promise<void> {
  const user = await prisma.staffUser.findFirstOrThrow({ where: { role } });
  staff.session = { user: { id: user.id, email: user.email, name: user.name, role } };
}

/** Maya's emailed $48.00 refund, approved and paid through the services, its events sealed. */
async function paidRefund(): Promise<string> {
  const context = testUseCaseContext({ db: prisma });
  const { actionId } = await proposeMayaRefund(prisma, "email", context);
  const approver = await prisma.staffUser.findFirstOrThrow({ where: { role: "approver" } });
  await approveAction({ actionId, deciderId: approver.id }, context);
  await executePendingAction({ actionId }, context);
  await sealPendingLogs(prisma);
  const refund = await prisma.refund.findUniqueOrThrow({ where: { pendingActionId: actionId } });
  return refund.id;
}

function get(refundId: string): Promise<Response> {
  const url = `http://localhost:3000/api/refunds/${encodeURIComponent(refundId)}/receipt`;
  return GET(new NextRequest(url), { params: Promise.resolve({ refundId }) });
}

describe("GET /api/refunds/[refundId]/receipt", { timeout: 60_000 }, () => {
  it("gives the billing team the receipt as a file that verifies with the audit key", async () => {
    const refundId = await paidRefund();
    await signInAs("approver");
    const response = await get(refundId);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="receipt-${refundId}.json"`,
    );
    const receipt = await response.json();
    expect(receipt.refund).toMatchObject({ id: refundId, amountCents: 4800 });
    expect(verifyRefundReceipt(receipt, resolveAuditKey())).toEqual({ ok: true });
  });

  it("refuses support agents, strangers, and names no unknown or malformed refund", async () => {
    const refundId = await paidRefund();
    staff.session = null;
    expect((await get(refundId)).status).toBe(401);
    await signInAs("agent");
    const refused = await get(refundId);
    expect(refused.status).toBe(403);
    expect(refused.headers.get("content-type")).toContain("application/problem+json");
    await signInAs("admin");
    expect((await get("rf_nobody")).status).toBe(404);
    expect((await get('rf"\r\nx')).status).toBe(404);
  });
});
