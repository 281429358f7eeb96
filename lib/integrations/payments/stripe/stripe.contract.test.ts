import { afterEach } from "vitest";
import { type FakeStripe, startFakeStripe } from "@/tests/support/fake-stripe/fake-stripe-server";
import { paymentProviderContract } from "@/tests/support/payment-provider-contract";
import {
  createStripePaymentProvider,
  STRIPE_IDEMPOTENCY_WINDOW_MS,
} from "./stripe-payment-provider";

/*
 * The Stripe adapter against the fake Stripe server, through the official SDK. It needs no
 * database, so it runs in the unit project. A short client timeout keeps the two timeout cases
 * quick; a local answer takes milliseconds, so it still leaves a wide margin on a busy machine.
 */

const SECRET_KEY = "sk_test_contract";
const WEBHOOK_SECRET = "whsec_contract";
let fake: FakeStripe | undefined;

function current(): FakeStripe {
  if (!fake) throw new Error("The fake Stripe is not running");
  return fake;
}

afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

paymentProviderContract("Stripe", {
  async setUp() {
    fake = await startFakeStripe({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
  },
  makeProvider({ now, refundsStartPending }) {
    current().startRefundsAs(refundsStartPending ? "pending" : "succeeded");
    return createStripePaymentProvider({
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      apiUrl: current().apiUrl,
      now,
      timeoutMs: 3_000,
    });
  },
  makeRefundablePayment: async (payment) => current().createPayment(payment).paymentIntentId,
  failNextCreate(failure) {
    current().failNextCreate(failure);
  },
  async reportRefund(providerRefundId, report) {
    current().updateRefund(providerRefundId, {
      status: report.status,
      reason: report.reason ?? undefined,
    });
    return current().webhookDelivery(
      report.status === "failed" ? "refund.failed" : "refund.updated",
      providerRefundId,
    );
  },
  advancePastIdempotencyWindow() {
    current().advanceClock(STRIPE_IDEMPOTENCY_WINDOW_MS + 1);
  },
});
