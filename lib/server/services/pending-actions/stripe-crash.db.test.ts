import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import { createLedgerPaymentProvider } from "@/lib/integrations/payments/ledger/ledger-payment-provider";
import { parseEncryptionKey } from "@/lib/server/crypto/encryption-key";
import type { FaultPointName } from "@/lib/server/fault-injection";
import {
  PAYMENT_PROVIDER_FACTORIES,
  providerFromRegistry,
} from "@/lib/server/process/payment-provider-registry";
import { createConnectedPaymentProviders } from "@/lib/server/process/payment-providers";
import { savePaymentConnection } from "@/lib/server/services/connections/save-payment-connection";
import { resetAndSeed } from "@/tests/db/test-database";
import { type FakeStripe, startFakeStripe } from "@/tests/support/fake-stripe/fake-stripe-server";
import { proposeMayaRefund } from "@/tests/support/propose-maya-refund";
import { runExecutorProcess } from "@/tests/support/run-executor-process";
import { TEST_CONNECTIONS_KEY } from "@/tests/support/test-connections-key";
import { testDatabaseClient } from "@/tests/support/test-database-hooks";
import { fixedClock, testUseCaseContext } from "@/tests/support/test-use-case-context";
import { approveAction } from "./approve-or-reject-action";
import { receivePaymentWebhook } from "./receive-payment-webhook";
import { reconcilePayments } from "./reconcile-payments";

/*
 * The crash matrix with Stripe on the other side: a real process, paying through the official SDK
 * against the fake Stripe server, is killed before the Stripe call, after it, and after recording
 * a refund Stripe still has pending (before the webhook arrives). Whatever is left is finished by
 * the sweep or the webhook in another process, and Stripe holds exactly one refund.
 */

const url = inject("databaseUrl");
const prisma = testDatabaseClient();
const SECRET_KEY = "sk_test_51CrashMatrixKey0000000000";
const WEBHOOK_SECRET = "whsec_crashmatrix0000000000000000";

let stripe: FakeStripe;
let connectionId: string;

beforeAll(async () => {
  stripe = await startFakeStripe({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    refundsStartAs: "pending",
  });
});

afterAll(() => stripe.close());

beforeEach(async () => {
  await resetAndSeed(prisma);
  const maya = await prisma.customer.findFirstOrThrow({ where: { email: "maya@example.com" } });
  const admin = await prisma.staffUser.findFirstOrThrow({ where: { role: "admin" } });
  const saved = await savePaymentConnection(
    {
      workspaceId: maya.workspaceId ?? "",
      provider: "stripe",
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      staffId: admin.id,
      publicBaseUrl: "http://localhost:3000",
      encryptionKey: parseEncryptionKey(TEST_CONNECTIONS_KEY),
    },
    testUseCaseContext({ db: prisma }),
  );
  connectionId = saved.connection.id;
});

function context(now = new Date()) {
  return testUseCaseContext({
    db: prisma,
    now: fixedClock(now),
    faultPoint: () => {},
    payments: createConnectedPaymentProviders({
      db: prisma,
      encryptionKey: parseEncryptionKey(TEST_CONNECTIONS_KEY),
      ledger: createLedgerPaymentProvider({ db: prisma }),
      makeProvider: providerFromRegistry(PAYMENT_PROVIDER_FACTORIES, { stripe: stripe.apiUrl }),
    }),
  });
}

/** Maya's approved $48.00, her order paid at Stripe. Returns the action and the payment's id. */
async function approvedStripeRefund(): Promise<{ actionId: string; paymentIntentId: string }> {
  const { actionId } = await proposeMayaRefund(prisma, "email", context());
  const { paymentIntentId } = stripe.createPayment({ amountCents: 20_000, currency: "usd" });
  const action = await prisma.pendingAction.findUniqueOrThrow({ where: { id: actionId } });
  await prisma.order.update({
    where: { id: action.orderId },
    data: { paymentReference: paymentIntentId },
  });
  const approver = await prisma.staffUser.findFirstOrThrow({ where: { role: "approver" } });
  await approveAction({ actionId, deciderId: approver.id }, context());
  return { actionId, paymentIntentId };
}

function runExecutor(actionId: string, faultPoint?: FaultPointName) {
  return runExecutorProcess({
    databaseUrl: url,
    actionId,
    faultPoint,
    env: { CONNECTIONS_ENCRYPTION_KEY: TEST_CONNECTIONS_KEY, STRIPE_API_URL: stripe.apiUrl },
  });
}

async function refundsAtStripe(paymentIntentId: string): Promise<number> {
  const response = await fetch(`${stripe.apiUrl}/v1/refunds?payment_intent=${paymentIntentId}`, {
    headers: { Authorization: `Bearer ${SECRET_KEY}` },
  });
  const list = (await response.json()) as { data: unknown[] };
  return list.data.length;
}

async function recordedOnce(actionId: string, paymentIntentId: string, state: string) {
  expect(await prisma.pendingAction.findUniqueOrThrow({ where: { id: actionId } })).toMatchObject({
    status: "executed",
    paymentProvider: "stripe",
    paymentConnectionId: connectionId,
  });
  const refunds = await prisma.refund.findMany({ where: { pendingActionId: actionId } });
  expect(refunds).toEqual([expect.objectContaining({ status: state, provider: "stripe" })]);
  expect(await refundsAtStripe(paymentIntentId)).toBe(1);
  return refunds[0]?.providerRefundId ?? "";
}

describe("Stripe execution crash points (real process exits)", { timeout: 120_000 }, () => {
  it("killed before the Stripe call: the sweep finds nothing at Stripe and pays once", async () => {
    const { actionId, paymentIntentId } = await approvedStripeRefund();
    const crashed = await runExecutor(actionId, "after_claim_before_payment");
    expect(crashed.code, crashed.output).toBe(137);
    expect(await refundsAtStripe(paymentIntentId)).toBe(0);

    const report = await reconcilePayments({}, context(new Date(Date.now() + 5 * 60_000)));
    expect(report.executed).toEqual([actionId]);
    await recordedOnce(actionId, paymentIntentId, "pending");
  });

  it("killed after Stripe refunded: the sweep finds the refund by its metadata and records it once", async () => {
    const { actionId, paymentIntentId } = await approvedStripeRefund();
    const crashed = await runExecutor(actionId, "after_payment_before_record");
    expect(crashed.code, crashed.output).toBe(137);
    expect(await refundsAtStripe(paymentIntentId)).toBe(1);
    expect(await prisma.refund.count()).toBe(0);

    const report = await reconcilePayments({}, context(new Date(Date.now() + 5 * 60_000)));
    expect(report.executed).toEqual([actionId]);
    await recordedOnce(actionId, paymentIntentId, "pending");
  });

  it("two processes racing for one approved refund make one Stripe refund", async () => {
    const { actionId, paymentIntentId } = await approvedStripeRefund();
    const [first, second] = await Promise.all([runExecutor(actionId), runExecutor(actionId)]);
    expect([first.code, second.code]).toEqual([0, 0]);
    expect(
      [first.output, second.output].filter((out) => out.includes('"outcome":"executed"')),
    ).toHaveLength(1);
    await recordedOnce(actionId, paymentIntentId, "pending");
  });

  it("gone before the webhook arrives: another process applies Stripe's word, once", async () => {
    const { actionId, paymentIntentId } = await approvedStripeRefund();
    const finished = await runExecutor(actionId);
    expect(finished.code, finished.output).toBe(0);
    const providerRefundId = await recordedOnce(actionId, paymentIntentId, "pending");

    stripe.updateRefund(providerRefundId, { status: "succeeded" });
    const delivery = stripe.webhookDelivery("refund.updated", providerRefundId);
    const first = await receivePaymentWebhook({ connectionId, ...delivery }, context());
    const again = await receivePaymentWebhook({ connectionId, ...delivery }, context());

    expect(first).toMatchObject({ duplicate: false, outcomes: ["applied"] });
    expect(again).toMatchObject({ duplicate: true });
    await recordedOnce(actionId, paymentIntentId, "succeeded");
  });
});
