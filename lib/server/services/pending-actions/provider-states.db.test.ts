import { beforeEach, describe, expect, it } from "vitest";
import { verifyRefundReceipt } from "@/lib/domain/refund-receipt-verification";
import type { RefundState } from "@/lib/domain/refund-state";
import { createLedgerPaymentProvider } from "@/lib/integrations/payments/ledger/ledger-payment-provider";
import {
  type PaymentProvider,
  PaymentProviderError,
  type ProviderRefund,
} from "@/lib/integrations/payments/payment-provider";
import { resolveAuditKey } from "@/lib/server/audit/audit-key";
import { sealPendingLogs } from "@/lib/server/audit/seal-pending-logs";
import { verifyStoredAuditChain } from "@/lib/server/audit/verify-audit-chain";
import { loadOrderFacts } from "@/lib/server/repositories/order-facts-repository";
import { exportRefundReceipt } from "@/lib/server/services/receipts/export-refund-receipt";
import { resetAndSeed } from "@/tests/db/test-database";
import { proposeMayaRefund } from "@/tests/support/propose-maya-refund";
import { testDatabaseClient } from "@/tests/support/test-database-hooks";
import { fixedClock, testUseCaseContext } from "@/tests/support/test-use-case-context";
import { approveAction } from "./approve-or-reject-action";
import { executePendingAction } from "./execute-pending-action";
import { receivePaymentWebhook } from "./receive-payment-webhook";
import { reconcilePayments } from "./reconcile-payments";
import { REFRESH_AFTER_MS, refreshInFlightRefunds } from "./refresh-in-flight-refunds";
import { resolveReconciliation } from "./resolve-reconciliation";

/*
 * A provider that answers like Stripe does: a refund may start pending and move on later, told by
 * a webhook or found by a lookup. The provider is a stand-in at the seam (its wire format is the
 * Stripe adapter's business, tested against the fake Stripe server); here the service's side is
 * under test: what is recorded, what the customer hears, what staff see, and what is refused.
 */

const prisma = testDatabaseClient();
const MINUTE = 60_000;
let now: Date;

beforeEach(async () => {
  now = await resetAndSeed(prisma);
});

const at = (minutes: number) => new Date(now.getTime() + minutes * MINUTE);

type ProviderWorld = {
  provider: PaymentProvider;
  /** What the provider holds now, by refund id: tests move it as the provider would. */
  move(providerRefundId: string, status: RefundState, reason?: string): ProviderRefund;
  /** A signed delivery of the refund's current state (the signature is `valid`). */
  delivery(
    eventId: string,
    providerRefundId: string,
    occurredAt: Date,
    signature?: string,
  ): {
    rawBody: string;
    headers: Headers;
  };
};

function providerWorld(options: { start?: RefundState; windowMs?: number } = {}): ProviderWorld {
  const ledger = createLedgerPaymentProvider({ db: prisma });
  const held = new Map<string, ProviderRefund>();
  const remember = (refund: ProviderRefund) => {
    const stored = {
      ...refund,
      status: held.get(refund.providerRefundId)?.status ?? options.start ?? "succeeded",
    };
    held.set(refund.providerRefundId, stored);
    return stored;
  };
  const provider: PaymentProvider = {
    ...ledger,
    name: "stand-in",
    idempotencyWindowMs: options.windowMs ?? 24 * 60 * MINUTE,
    async createRefund(request) {
      return remember(await ledger.createRefund(request));
    },
    async findRefund(request) {
      const found = await ledger.findRefund(request);
      return found ? (held.get(found.providerRefundId) ?? null) : null;
    },
    async getRefund(providerRefundId) {
      const refund = held.get(providerRefundId);
      if (!refund) throw new PaymentProviderError("NOT_FOUND", "no such refund");
      return refund;
    },
    async parseWebhook({ rawBody, headers }) {
      if (headers.get("test-signature") !== "valid") {
        throw new PaymentProviderError("WEBHOOK_REJECTED", "The signature does not verify");
      }
      const event = JSON.parse(rawBody) as { id: string; created: string; refund: ProviderRefund };
      return {
        eventId: event.id,
        eventType: "refund.updated",
        occurredAt: new Date(event.created),
        refunds: [event.refund],
      };
    },
  };
  return {
    provider,
    move(providerRefundId, status, reason) {
      const refund = held.get(providerRefundId);
      if (!refund) throw new Error(`no refund ${providerRefundId}`);
      const moved = { ...refund, status, statusReason: reason ?? null };
      held.set(providerRefundId, moved);
      return moved;
    },
    delivery(eventId, providerRefundId, occurredAt, signature = "valid") {
      const refund = held.get(providerRefundId);
      return {
        rawBody: JSON.stringify({ id: eventId, created: occurredAt.toISOString(), refund }),
        headers: new Headers({ "test-signature": signature }),
      };
    },
  };
}

function contextWith(provider: PaymentProvider, when: Date = now) {
  return testUseCaseContext({
    db: prisma,
    now: fixedClock(when),
    payments: provider,
    faultPoint: () => {},
  });
}

async function connection(): Promise<string> {
  const workspace = await prisma.workspace.findFirstOrThrow();
  const created = await prisma.paymentConnection.create({
    data: {
      workspaceId: workspace.id,
      provider: "stand-in",
      secretKeyCiphertext: "sealed",
      secretKeyLast4: "4242",
      webhookSecretCiphertext: "sealed",
      webhookSecretLast4: "abcd",
      mode: "test",
    },
  });
  return created.id;
}

async function approvedRefund(world: ProviderWorld) {
  const { actionId, conversationId } = await proposeMayaRefund(
    prisma,
    "email",
    contextWith(world.provider),
  );
  const approver = await prisma.staffUser.findFirstOrThrow({ where: { role: "approver" } });
  await approveAction({ actionId, deciderId: approver.id }, contextWith(world.provider));
  return { actionId, conversationId };
}

async function executedRefund(world: ProviderWorld) {
  const ids = await approvedRefund(world);
  const executed = await executePendingAction(
    { actionId: ids.actionId },
    contextWith(world.provider),
  );
  expect(executed.outcome).toBe("executed");
  const refund = await prisma.refund.findUniqueOrThrow({
    where: { pendingActionId: ids.actionId },
  });
  return { ...ids, refund };
}

async function emailsTo(conversationId: string) {
  return prisma.outboxEmail.findMany({ where: { conversationId }, orderBy: { createdAt: "asc" } });
}

async function heldQuantity(orderId: string, lineId: string): Promise<number> {
  const facts = await loadOrderFacts(prisma, orderId);
  return facts?.lines.find((line) => line.lineId === lineId)?.refundedQuantity ?? -1;
}

describe("a refund the provider answers as pending", () => {
  it("is recorded as processing, holds its lines, and the customer is not told it was refunded", async () => {
    const world = providerWorld({ start: "pending" });
    const { conversationId, refund } = await executedRefund(world);
    expect(refund).toMatchObject({ status: "pending", paidAt: null, provider: "stand-in" });
    const [email] = await emailsTo(conversationId);
    expect(email?.bodyText).toContain("being processed");
    expect(email?.bodyText).not.toMatch(/we have refunded/i);
    const line = await prisma.refundLine.findFirstOrThrow({ where: { refundId: refund.id } });
    expect(await heldQuantity(refund.orderId, line.orderLineId)).toBe(1);
  });

  it("becomes paid by a webhook, tells the customer once, and ignores the same event again", async () => {
    const world = providerWorld({ start: "pending" });
    const { conversationId, refund } = await executedRefund(world);
    const connectionId = await connection();
    world.move(refund.providerRefundId, "succeeded");
    const delivery = world.delivery("evt_1", refund.providerRefundId, at(1));

    const first = await receivePaymentWebhook(
      { connectionId, ...delivery },
      contextWith(world.provider, at(2)),
    );
    const again = await receivePaymentWebhook(
      { connectionId, ...delivery },
      contextWith(world.provider, at(3)),
    );

    expect(first).toMatchObject({ duplicate: false, outcomes: ["applied"] });
    expect(again).toMatchObject({ duplicate: true, outcomes: [] });
    const paid = await prisma.refund.findUniqueOrThrow({ where: { id: refund.id } });
    expect(paid).toMatchObject({ status: "succeeded", paidAt: at(2) });
    const emails = await emailsTo(conversationId);
    expect(emails.map((email) => email.bodyText)).toEqual([
      expect.stringContaining("being processed"),
      expect.stringContaining("We have refunded"),
    ]);
    const changes = await prisma.auditEvent.findMany({
      where: { kind: "refund.provider_state_changed", subjectId: refund.id },
    });
    expect(changes.map((event) => event.payload)).toEqual([
      expect.objectContaining({ from: "pending", to: "succeeded", providerEventId: "evt_1" }),
    ]);
    expect(
      await prisma.paymentConnection.findUniqueOrThrow({ where: { id: connectionId } }),
    ).toMatchObject({ lastWebhookAt: at(2), lastWebhookType: "refund.updated" });
    await sealPendingLogs(prisma);
    expect(await verifyStoredAuditChain(prisma)).toMatchObject({ ok: true });
  });

  it("is not moved back by a late 'pending' event after it was paid", async () => {
    const world = providerWorld({ start: "pending" });
    const { refund } = await executedRefund(world);
    const connectionId = await connection();
    const late = world.delivery("evt_pending", refund.providerRefundId, at(1));
    world.move(refund.providerRefundId, "succeeded");
    const paid = world.delivery("evt_paid", refund.providerRefundId, at(2));

    await receivePaymentWebhook({ connectionId, ...paid }, contextWith(world.provider, at(3)));
    const result = await receivePaymentWebhook(
      { connectionId, ...late },
      contextWith(world.provider, at(4)),
    );

    expect(result.outcomes).toEqual(["stale"]);
    expect(await prisma.refund.findUniqueOrThrow({ where: { id: refund.id } })).toMatchObject({
      status: "succeeded",
    });
  });

  it("refuses a delivery whose signature does not verify and stores nothing", async () => {
    const world = providerWorld({ start: "pending" });
    const { refund } = await executedRefund(world);
    const connectionId = await connection();
    world.move(refund.providerRefundId, "succeeded");
    const forged = world.delivery("evt_forged", refund.providerRefundId, at(1), "forged");

    await expect(
      receivePaymentWebhook({ connectionId, ...forged }, contextWith(world.provider, at(2))),
    ).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    expect(await prisma.paymentWebhookEvent.count()).toBe(0);
    expect(await prisma.refund.findUniqueOrThrow({ where: { id: refund.id } })).toMatchObject({
      status: "pending",
    });
  });
});

describe("a webhook that overtakes the recording of its refund", () => {
  it("is refused unstored, so the provider delivers it again once the refund is recorded", async () => {
    const world = providerWorld({ start: "pending" });
    const { actionId } = await approvedRefund(world);
    let made: ProviderRefund | undefined;
    const dying: PaymentProvider = {
      ...world.provider,
      async createRefund(request) {
        made = await world.provider.createRefund(request);
        throw new Error("the process died after the provider answered");
      },
    };
    await expect(executePendingAction({ actionId }, contextWith(dying))).rejects.toThrow();
    const providerRefundId = made?.providerRefundId ?? "";
    const connectionId = await connection();
    world.move(providerRefundId, "succeeded");
    const delivery = world.delivery("evt_early", providerRefundId, at(1));

    await expect(
      receivePaymentWebhook({ connectionId, ...delivery }, contextWith(world.provider, at(1))),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    expect(await prisma.paymentWebhookEvent.count()).toBe(0);

    await reconcilePayments({}, contextWith(world.provider, at(5)));
    const redelivered = await receivePaymentWebhook(
      { connectionId, ...delivery },
      contextWith(world.provider, at(6)),
    );
    expect(redelivered.duplicate).toBe(false);
    expect(
      await prisma.refund.findUniqueOrThrow({ where: { pendingActionId: actionId } }),
    ).toMatchObject({
      status: "succeeded",
    });
  });
});

describe("a refund that fails after it was paid", () => {
  it("reopens the ticket, releases its lines and apologises with the next step", async () => {
    const world = providerWorld({ start: "succeeded" });
    const { conversationId, refund } = await executedRefund(world);
    await prisma.conversation.update({ where: { id: conversationId }, data: { channel: "chat" } });
    const connectionId = await connection();
    world.move(refund.providerRefundId, "failed", "lost_or_stolen_card");

    await receivePaymentWebhook(
      { connectionId, ...world.delivery("evt_failed", refund.providerRefundId, at(60)) },
      contextWith(world.provider, at(61)),
    );

    expect(await prisma.refund.findUniqueOrThrow({ where: { id: refund.id } })).toMatchObject({
      status: "failed",
      statusReason: "lost_or_stolen_card",
      failedAt: at(61),
    });
    expect(
      await prisma.conversation.findUniqueOrThrow({ where: { id: conversationId } }),
    ).toMatchObject({ workflowStatus: "open", status: "failed" });
    const line = await prisma.refundLine.findFirstOrThrow({ where: { refundId: refund.id } });
    expect(await heldQuantity(refund.orderId, line.orderLineId)).toBe(0);
    const apology = await prisma.message.findFirstOrThrow({
      where: { conversationId, dedupeKey: `refund-failed:${refund.id}` },
    });
    expect(apology.body).toContain("did not reach you after all");
    expect(apology.body).toContain("lost or stolen");
    const emails = await emailsTo(conversationId);
    expect(emails.at(-1)?.subject).toMatch(/problem with your refund/i);

    await sealPendingLogs(prisma);
    const auditKey = resolveAuditKey();
    const receipt = await exportRefundReceipt(
      { refundId: refund.id, auditKey },
      contextWith(world.provider),
    );
    expect(receipt.refund).toMatchObject({ status: "failed" });
    expect(verifyRefundReceipt(receipt, auditKey)).toEqual({ ok: true });
  });
});

/** An approved refund whose executor died as it called a provider with a one-hour key window. */
async function executorDiedBeforeTheCall() {
  const world = providerWorld({ windowMs: 60 * MINUTE });
  const { actionId } = await approvedRefund(world);
  const dying: PaymentProvider = {
    ...world.provider,
    createRefund: () => Promise.reject(new Error("the process died here")),
  };
  await expect(executePendingAction({ actionId }, contextWith(dying))).rejects.toThrow();
  return { world, actionId };
}

describe("the sweep", () => {
  it("looks up a refund left pending without a webhook, at most once per period", async () => {
    const world = providerWorld({ start: "pending" });
    const { refund } = await executedRefund(world);
    const lookups: string[] = [];
    const counting: PaymentProvider = {
      ...world.provider,
      async getRefund(id) {
        lookups.push(id);
        return world.provider.getRefund(id);
      },
    };
    const later = new Date(now.getTime() + REFRESH_AFTER_MS + MINUTE);

    expect(await refreshInFlightRefunds({}, contextWith(counting, at(1)))).toMatchObject({
      moved: [],
    });
    expect(lookups).toEqual([]);
    await refreshInFlightRefunds({}, contextWith(counting, later));
    await refreshInFlightRefunds({}, contextWith(counting, new Date(later.getTime() + MINUTE)));
    expect(lookups).toEqual([refund.providerRefundId]);

    world.move(refund.providerRefundId, "succeeded");
    const muchLater = new Date(later.getTime() + REFRESH_AFTER_MS + MINUTE);
    expect(await refreshInFlightRefunds({}, contextWith(counting, muchLater))).toMatchObject({
      moved: [refund.id],
    });
    expect(await prisma.refund.findUniqueOrThrow({ where: { id: refund.id } })).toMatchObject({
      status: "succeeded",
    });
  });

  it("never repeats a create past the provider's idempotency window: a person decides", async () => {
    const { world, actionId } = await executorDiedBeforeTheCall();
    const creates: string[] = [];
    const watching: PaymentProvider = {
      ...world.provider,
      async createRefund(request) {
        creates.push(request.idempotencyKey);
        return world.provider.createRefund(request);
      },
    };

    const report = await reconcilePayments({}, contextWith(watching, at(90)));
    expect(report.unresolved).toEqual([actionId]);
    expect(creates).toEqual([]);
    await reconcilePayments({}, contextWith(watching, at(200)));
    expect(await prisma.pendingAction.findUniqueOrThrow({ where: { id: actionId } })).toMatchObject(
      {
        status: "needs_reconciliation",
      },
    );
    const approver = await prisma.staffUser.findFirstOrThrow({ where: { role: "approver" } });
    await expect(
      resolveReconciliation(
        { actionId, staffId: approver.id, resolution: "retry", note: "try again" },
        contextWith(watching, at(210)),
      ),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    expect(creates).toEqual([]);
  });

  it("repeats the create under the same key inside the window, after finding no refund", async () => {
    const { world, actionId } = await executorDiedBeforeTheCall();

    const report = await reconcilePayments({}, contextWith(world.provider, at(10)));

    expect(report.executed).toEqual([actionId]);
    expect(await prisma.refund.count({ where: { pendingActionId: actionId } })).toBe(1);
  });
});
