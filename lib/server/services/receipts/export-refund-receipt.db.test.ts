import { describe, expect, it } from "vitest";
import { auditKeyBytes } from "@/lib/domain/audit-chain";
import { type RefundReceipt, signRefundReceipt } from "@/lib/domain/refund-receipt";
import { verifyRefundReceipt } from "@/lib/domain/refund-receipt-verification";
import { AppError } from "@/lib/errors/app-error";
import { resolveAuditKey } from "@/lib/server/audit/audit-key";
import { sealPendingLogs } from "@/lib/server/audit/seal-pending-logs";
import { postCustomerMessage } from "@/lib/server/services/intake/post-customer-message";
import { approveAction } from "@/lib/server/services/pending-actions/approve-or-reject-action";
import { executePendingAction } from "@/lib/server/services/pending-actions/execute-pending-action";
import { proposeRefund } from "@/lib/server/services/pending-actions/propose-refund";
import { updateSettings } from "@/lib/server/services/settings/update-settings";
import { answerWidgetQuote } from "@/lib/server/services/widget/answer-widget-quote";
import { proposeMayaRefund } from "@/tests/support/propose-maya-refund";
import { seededTestDatabase } from "@/tests/support/test-database-hooks";
import { testUseCaseContext } from "@/tests/support/test-use-case-context";
import { exportRefundReceipt } from "./export-refund-receipt";

/*
 * Receipts of refunds paid through the real services (a typed yes and an approver, the Confirm
 * button with no approver, an email request an approver decided), exported from the database,
 * verified with the audit key alone, and refused once changed.
 */

process.env.LOG_LEVEL ??= "silent";

const prisma = seededTestDatabase();
const context = () => testUseCaseContext({ db: prisma });
const auditKey = resolveAuditKey();

async function staff(role: "approver" | "admin") {
  const user = await prisma.staffUser.findFirstOrThrow({ where: { role } });
  return { type: "staff" as const, userId: user.id, roles: [role] };
}

async function approveAndPay(actionId: string): Promise<string> {
  const approver = await staff("approver");
  await approveAction({ actionId, deciderId: approver.userId }, context());
  const paid = await executePendingAction({ actionId }, context());
  expect(paid.outcome).toBe("executed");
  return refundOf(actionId);
}

async function refundOf(actionId: string): Promise<string> {
  const refund = await prisma.refund.findUniqueOrThrow({ where: { pendingActionId: actionId } });
  return refund.id;
}

async function exportSealed(refundId: string): Promise<RefundReceipt> {
  await sealPendingLogs(prisma);
  return exportRefundReceipt({ refundId, auditKey }, context());
}

/** Maya's $48.00 quote in chat, answered "yes" by typing; an approver (limit lowered first) pays it. */
async function typedYesWithApproval(): Promise<{ refundId: string; text: string }> {
  await updateSettings(
    { change: { approverLimitCents: 30_000 }, actor: await staff("admin") },
    context(),
  );
  const { actionId, conversationId } = await proposeMayaRefund(prisma, "chat", context());
  const session = await prisma.customerSession.findFirstOrThrow({ where: { conversationId } });
  const text = "yes, $48.00 is fine";
  const posted = await postCustomerMessage(
    { conversationId, text, sessionId: session.id },
    context(),
  );
  expect(await posted.completion).toBe("completed");
  const action = await prisma.pendingAction.findUniqueOrThrow({ where: { id: actionId } });
  expect(action.status).toBe("awaiting_approval");
  return { refundId: await approveAndPay(actionId), text };
}

/** Sam's $12.60 socks quote, confirmed with the card's button: under the auto-approve limit. */
async function buttonYesPaidAtOnce(): Promise<string> {
  const customer = await prisma.customer.findFirstOrThrow({ where: { email: "sam@example.com" } });
  const order = await prisma.order.findFirstOrThrow({ where: { number: "B2001" } });
  const socks = await prisma.orderLine.findFirstOrThrow({
    where: { orderId: order.id, name: "Wool socks" },
  });
  const workspace = await prisma.workspace.findFirstOrThrow();
  const conversation = await prisma.conversation.create({
    data: { channel: "chat", customerId: customer.id, orderId: order.id, subject: "Socks" },
  });
  const session = await prisma.customerSession.create({
    data: {
      customerId: customer.id,
      conversationId: conversation.id,
      workspaceId: workspace.id,
      tokenHash: conversation.id,
    },
    include: { workspace: true, customer: { select: { id: true, name: true, email: true } } },
  });
  const proposed = await proposeRefund(
    {
      conversationId: conversation.id,
      customerId: customer.id,
      orderId: order.id,
      lineIds: [socks.id],
      reason: "too_small",
      requestedBy: { type: "agent" },
    },
    context(),
  );
  if (proposed.kind !== "proposed") throw new Error("expected a quote");
  const answered = await answerWidgetQuote(
    {
      answer: "confirm",
      quoteHash: proposed.action.quoteHash,
      actionId: proposed.action.id,
      session: { ...session, workspace: session.workspace ?? workspace },
    },
    context(),
  );
  expect(answered.status).toBe("executed");
  return refundOf(proposed.action.id);
}

describe("exportRefundReceipt", { timeout: 120_000 }, () => {
  it("a typed yes and an approver: the receipt holds the customer's words, the approver and their limit, and verifies", async () => {
    const { refundId, text } = await typedYesWithApproval();
    const receipt = await exportSealed(refundId);
    expect(verifyRefundReceipt(receipt, auditKey)).toEqual({ ok: true });

    const approver = await staff("approver");
    expect(receipt.refund).toMatchObject({ id: refundId, amountCents: 4800, status: "succeeded" });
    expect(receipt.consent).toMatchObject({ via: "message", message: { body: text } });
    expect(receipt.approval).toEqual({ approverId: approver.userId, limitCents: 30_000 });
    expect(receipt.events.approverLimitSetting?.payload).toMatchObject({ newValue: 30_000 });
    expect(receipt.events.buttonPress).toBeNull();
    const stored = await prisma.auditEvent.findFirstOrThrow({
      where: { kind: "refund.executed", subjectId: refundId },
    });
    expect(receipt.events.executed).toMatchObject({
      position: stored.position?.toString(),
      hash: stored.hash,
    });

    // Changed, even by someone holding the key who signs it again: the events disagree.
    const changed = structuredClone(receipt);
    changed.refund.amountCents = 48_000;
    const { receiptMac: _mac, ...unsigned } = changed;
    expect(verifyRefundReceipt(signRefundReceipt(auditKey, unsigned), auditKey)).toEqual({
      ok: false,
      problems: expect.arrayContaining([
        "refund.amountCents: 48000 disagrees with events.executed.payload.amountCents 4800",
      ]),
    });
    // One character of the customer's words.
    const reworded = structuredClone(receipt);
    if (reworded.consent.via === "message")
      reworded.consent.message.body = text.replace("$48", "$49");
    expect(verifyRefundReceipt(reworded, auditKey).ok).toBe(false);
    // Another key.
    expect(verifyRefundReceipt(receipt, auditKeyBytes("x".repeat(40))).ok).toBe(false);
  });

  it("the Confirm button, paid with no approver: consent by button, no approval, verifies", async () => {
    const refundId = await buttonYesPaidAtOnce();
    const receipt = await exportSealed(refundId);
    expect(verifyRefundReceipt(receipt, auditKey)).toEqual({ ok: true });
    expect(receipt.consent).toEqual({ via: "button" });
    expect(receipt.events.buttonPress?.payload).toMatchObject({ answer: "confirm" });
    expect(receipt.approval).toBeNull();
    expect(receipt.refund.amountCents).toBe(1260);
  });

  it("an email request: no customer confirmation was asked, the approver at the default limit", async () => {
    const { actionId } = await proposeMayaRefund(prisma, "email", context());
    const refundId = await approveAndPay(actionId);
    const receipt = await exportSealed(refundId);
    expect(verifyRefundReceipt(receipt, auditKey)).toEqual({ ok: true });
    expect(receipt.consent).toEqual({ via: "not_required" });
    expect(receipt.events.confirmed).toBeNull();
    expect(receipt.approval?.limitCents).toBe(50_000);
    expect(receipt.events.approverLimitSetting).toBeNull();
  });

  it("waits for the sealer, and knows no unknown refund", async () => {
    const { actionId } = await proposeMayaRefund(prisma, "email", context());
    const refundId = await approveAndPay(actionId);
    const unsealed = await exportRefundReceipt({ refundId, auditKey }, context()).catch(
      (error: unknown) => error,
    );
    expect(unsealed).toBeInstanceOf(AppError);
    expect(unsealed).toMatchObject({ code: "CONFLICT", extensions: { reason: "NOT_SEALED" } });

    const unknown = await exportRefundReceipt({ refundId: "rf_nobody", auditKey }, context()).catch(
      (error: unknown) => error,
    );
    expect(unknown).toMatchObject({ code: "NOT_FOUND" });
  });
});
