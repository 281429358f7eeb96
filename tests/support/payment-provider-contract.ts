import { beforeEach, describe, expect, it } from "vitest";
import { shouldApplyReport } from "@/lib/domain/refund-state";
import type {
  PaymentProvider,
  ProviderRefund,
  RefundRequest,
  WebhookDelivery,
} from "@/lib/integrations/payments/payment-provider";

/*
 * What Countersign relies on from any payment provider, as one suite every provider runs (the
 * built-in ledger against the database, Stripe against the fake Stripe server with the official
 * SDK). Reconciliation, the idempotency window and webhook intake are built on these promises;
 * a provider that breaks one would pay twice or tell a customer something false.
 */

export type PaymentProviderHarness = {
  /** A fresh world before each test (empty tables, a new fake account…). */
  setUp(): Promise<void>;
  makeProvider(settings: { now: () => Date; refundsStartPending: boolean }): PaymentProvider;
  /** A payment the provider can refund from; its reference, or null where the provider needs none. */
  makeRefundablePayment(payment: { amountCents: number; currency: string }): Promise<string | null>;
  failNextCreate(failure: "timeout_before_processing" | "timeout_after_processing"): void;
  /** The provider settles or fails a refund and sends the signed webhook delivery about it. */
  reportRefund(
    providerRefundId: string,
    report: { status: "succeeded" | "failed"; reason: string | null },
  ): Promise<WebhookDelivery>;
  /** Moves the provider's clock past its idempotency window; absent where keys never expire. */
  advancePastIdempotencyWindow?: () => void;
  /**
   * Changes what a delivery says (a signed body with another state); by default the refund's
   * `"succeeded"` becomes `"failed"`, as in Stripe's and the ledger's bodies.
   */
  tamper?: (rawBody: string) => string;
  /**
   * False for a provider that signs no delivery time (Shopify signs the body only): a time window
   * on an unsigned header would stop nobody, so such a provider accepts a late retry and relies
   * on the event id to drop duplicates.
   */
  signsDeliveryTime?: boolean;
};

function succeededToFailed(rawBody: string): string {
  return rawBody.replace('"succeeded"', '"failed"');
}

const MINUTE = 60_000;

export function paymentProviderContract(name: string, harness: PaymentProviderHarness): void {
  describe(`${name} keeps the payment provider contract`, () => {
    let clockMs = Date.now();
    const now = () => new Date(clockMs);
    let request: RefundRequest;

    function provider(settings: { refundsStartPending?: boolean } = {}): PaymentProvider {
      return harness.makeProvider({
        now,
        refundsStartPending: settings.refundsStartPending ?? false,
      });
    }

    beforeEach(async () => {
      clockMs = Date.now();
      await harness.setUp();
      const paymentReference = await harness.makeRefundablePayment({
        amountCents: 9600,
        currency: "USD",
      });
      request = {
        idempotencyKey: "pa_contract",
        amountCents: 4800,
        currency: "USD",
        target: "Visa •4242",
        customerId: "c1",
        orderId: "o1",
        paymentReference,
        lines: [],
        shippingCents: 0,
        metadata: { pendingActionId: "pa_contract", quoteHash: "h1", conversationId: "cv1" },
      };
    });

    describe("idempotency", () => {
      it("answers the same key and input with the first refund", async () => {
        const payments = provider();
        const first = await payments.createRefund(request);
        const again = await payments.createRefund(request);
        expect(first).toMatchObject({
          status: "succeeded",
          amountCents: 4800,
          currency: "USD",
          reused: false,
        });
        expect(again).toMatchObject({ providerRefundId: first.providerRefundId, reused: true });
      });

      it("refuses the same key with a changed request, and makes nothing", async () => {
        const payments = provider();
        const first = await payments.createRefund(request);
        await expect(
          payments.createRefund({ ...request, amountCents: 4801 }),
        ).rejects.toMatchObject({
          code: "IDEMPOTENCY_KEY_REUSED",
        });
        expect(await payments.findRefund(request)).toMatchObject({
          providerRefundId: first.providerRefundId,
          amountCents: 4800,
        });
      });

      it("finds a refund by its action's metadata, and nothing for another action", async () => {
        const payments = provider();
        const first = await payments.createRefund(request);
        expect(await payments.findRefund(request)).toMatchObject({
          providerRefundId: first.providerRefundId,
          metadata: request.metadata,
        });
        const other = { ...request.metadata, pendingActionId: "pa_other" };
        expect(await payments.findRefund({ ...request, metadata: other })).toBeNull();
      });

      if (harness.advancePastIdempotencyWindow) {
        const advancePastWindow = harness.advancePastIdempotencyWindow;
        it("past the idempotency window makes a NEW refund under the same key, so nobody retries blindly there", async () => {
          const payments = provider();
          const first = await payments.createRefund({ ...request, amountCents: 1000 });
          advancePastWindow();
          // The provider has forgotten the key: the "retry" is a second refund, money paid twice.
          // This is why Countersign sends a retry past the window to a person, not to the provider.
          const second = await payments.createRefund({ ...request, amountCents: 1000 });
          expect(second.reused).toBe(false);
          expect(second.providerRefundId).not.toBe(first.providerRefundId);
          // The metadata still leads to the first refund, which is what reconciliation asks for.
          expect((await payments.findRefund(request))?.providerRefundId).toBe(
            first.providerRefundId,
          );
        });
      } else {
        it("keeps its keys for good: it declares no end to its idempotency window", () => {
          expect(provider().idempotencyWindowMs).toBe(Number.POSITIVE_INFINITY);
        });
      }
    });

    describe("an outcome it could not report", () => {
      it("a timeout before processing is OUTCOME_UNKNOWN, and no refund is found", async () => {
        const payments = provider();
        harness.failNextCreate("timeout_before_processing");
        await expect(payments.createRefund(request)).rejects.toMatchObject({
          code: "OUTCOME_UNKNOWN",
        });
        expect(await payments.findRefund(request)).toBeNull();
      });

      it("a timeout after processing is OUTCOME_UNKNOWN, and the refund it made is found", async () => {
        const payments = provider();
        harness.failNextCreate("timeout_after_processing");
        await expect(payments.createRefund(request)).rejects.toMatchObject({
          code: "OUTCOME_UNKNOWN",
        });
        const found = await payments.findRefund(request);
        expect(found).toMatchObject({ amountCents: 4800, metadata: request.metadata });
        // Inside the window, the same key answers that refund rather than making another.
        const retried = await payments.createRefund(request);
        expect(retried).toMatchObject({ providerRefundId: found?.providerRefundId, reused: true });
      });
    });

    describe("the refund's later states", () => {
      it("pending → succeeded, read with getRefund and from the webhook", async () => {
        const payments = provider({ refundsStartPending: true });
        const made = await payments.createRefund(request);
        expect(made.status).toBe("pending");
        const delivery = await harness.reportRefund(made.providerRefundId, {
          status: "succeeded",
          reason: null,
        });
        expect(await payments.getRefund(made.providerRefundId)).toMatchObject({
          status: "succeeded",
          statusReason: null,
        });
        const notification = await payments.parseWebhook(delivery);
        expect(notification.refunds).toEqual([
          expect.objectContaining({ providerRefundId: made.providerRefundId, status: "succeeded" }),
        ]);
      });

      it("succeeded → failed by webhook, with the provider's reason", async () => {
        const payments = provider();
        const made = await payments.createRefund(request);
        const delivery = await harness.reportRefund(made.providerRefundId, {
          status: "failed",
          reason: "lost_or_stolen_card",
        });
        const notification = await payments.parseWebhook(delivery);
        expect(notification.refunds).toEqual([
          expect.objectContaining({
            providerRefundId: made.providerRefundId,
            status: "failed",
            statusReason: "lost_or_stolen_card",
            metadata: request.metadata,
          }),
        ]);
        expect(await payments.getRefund(made.providerRefundId)).toMatchObject({ status: "failed" });
      });

      it("getRefund of an unknown id is NOT_FOUND", async () => {
        await expect(provider().getRefund("re_0000000000000000000000ff")).rejects.toMatchObject({
          code: "NOT_FOUND",
        });
      });
    });

    describe("webhook deliveries", () => {
      async function paidThenFailed(payments: PaymentProvider) {
        const made = await payments.createRefund(request);
        const paid = await harness.reportRefund(made.providerRefundId, {
          status: "succeeded",
          reason: null,
        });
        clockMs += MINUTE;
        const failed = await harness.reportRefund(made.providerRefundId, {
          status: "failed",
          reason: "expired_or_canceled_card",
        });
        return { made, paid, failed };
      }

      it("the same delivery twice parses to the same event id", async () => {
        const payments = provider({ refundsStartPending: true });
        const made = await payments.createRefund(request);
        const delivery = await harness.reportRefund(made.providerRefundId, {
          status: "succeeded",
          reason: null,
        });
        const first = await payments.parseWebhook(delivery);
        const second = await payments.parseWebhook(delivery);
        expect(second.eventId).toBe(first.eventId);
        expect(second.refunds).toEqual(first.refunds);
      });

      it("deliveries out of order each parse, and the state rule keeps the later state", async () => {
        const payments = provider({ refundsStartPending: true });
        const { paid, failed } = await paidThenFailed(payments);
        const late = await payments.parseWebhook(failed);
        const early = await payments.parseWebhook(paid);
        expect(late.refunds[0]?.status).toBe("failed");
        expect(early.refunds[0]?.status).toBe("succeeded");
        let current: { state: ProviderRefund["status"]; reportedAt: Date | null } = {
          state: "pending",
          reportedAt: null,
        };
        for (const notification of [late, early]) {
          const report = {
            state: notification.refunds[0]?.status ?? "pending",
            occurredAt: notification.occurredAt,
          };
          if (shouldApplyReport(current, report))
            current = { state: report.state, reportedAt: report.occurredAt };
        }
        expect(current.state).toBe("failed");
      });

      it("a tampered body is WEBHOOK_REJECTED", async () => {
        const payments = provider({ refundsStartPending: true });
        const made = await payments.createRefund(request);
        const delivery = await harness.reportRefund(made.providerRefundId, {
          status: "succeeded",
          reason: null,
        });
        const tampered = {
          ...delivery,
          rawBody: (harness.tamper ?? succeededToFailed)(delivery.rawBody),
        };
        expect(tampered.rawBody).not.toBe(delivery.rawBody);
        await expect(payments.parseWebhook(tampered)).rejects.toMatchObject({
          code: "WEBHOOK_REJECTED",
        });
      });

      it("a delivery without a signature is WEBHOOK_REJECTED", async () => {
        const payments = provider({ refundsStartPending: true });
        const made = await payments.createRefund(request);
        const delivery = await harness.reportRefund(made.providerRefundId, {
          status: "succeeded",
          reason: null,
        });
        const unsigned = {
          rawBody: delivery.rawBody,
          headers: new Headers({ "content-type": "application/json" }),
        };
        await expect(payments.parseWebhook(unsigned)).rejects.toMatchObject({
          code: "WEBHOOK_REJECTED",
        });
      });

      if (harness.signsDeliveryTime === false) {
        it("a late retry of a delivery still verifies, and keeps its event id", async () => {
          const payments = provider({ refundsStartPending: true });
          const made = await payments.createRefund(request);
          const delivery = await harness.reportRefund(made.providerRefundId, {
            status: "succeeded",
            reason: null,
          });
          const first = await payments.parseWebhook(delivery);
          clockMs += 60 * MINUTE;
          const retried = await payments.parseWebhook(delivery);
          expect(retried.eventId).toBe(first.eventId);
        });
      } else {
        it("a delivery older than the timestamp window is WEBHOOK_REJECTED", async () => {
          const payments = provider({ refundsStartPending: true });
          const made = await payments.createRefund(request);
          const delivery = await harness.reportRefund(made.providerRefundId, {
            status: "succeeded",
            reason: null,
          });
          clockMs += 4 * MINUTE;
          await expect(payments.parseWebhook(delivery)).resolves.toMatchObject({
            refunds: [expect.anything()],
          });
          clockMs += 2 * MINUTE;
          await expect(payments.parseWebhook(delivery)).rejects.toMatchObject({
            code: "WEBHOOK_REJECTED",
          });
        });
      }
    });
  });
}
