import { afterEach } from "vitest";
import {
  type FakeShopify,
  startFakeShopify,
} from "@/tests/support/fake-shopify/fake-shopify-server";
import { paymentProviderContract } from "@/tests/support/payment-provider-contract";
import {
  createShopifyPaymentProvider,
  SHOPIFY_IDEMPOTENCY_WINDOW_MS,
} from "./shopify-payment-provider";

/*
 * The Shopify payment adapter against the fake Shopify Admin API, through Shopify's own client.
 * It needs no database, so it runs in the unit project. The payment is an order paid $96.00; a
 * short client timeout keeps the two timeout cases quick.
 */

let fake: FakeShopify | undefined;

function current(): FakeShopify {
  if (!fake) throw new Error("The fake Shopify is not running");
  return fake;
}

afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

paymentProviderContract("Shopify", {
  async setUp() {
    fake = await startFakeShopify();
  },
  makeProvider({ now, refundsStartPending }) {
    current().startRefundsAs(refundsStartPending ? "PENDING" : "SUCCESS");
    return createShopifyPaymentProvider({
      secretKey: current().shop.accessToken,
      webhookSecret: current().shop.clientSecret,
      shopDomain: current().shop.domain,
      apiUrl: current().apiUrl,
      now,
      timeoutMs: 3_000,
    });
  },
  async makeRefundablePayment({ amountCents, currency }) {
    const unitPrice = `${Math.trunc(amountCents / 100)}.${String(amountCents % 100).padStart(2, "0")}`;
    return current().seedOrder({ currency, lines: [{ name: "Blanket", unitPrice }] }).orderId;
  },
  failNextCreate(failure) {
    current().failNextRefundCreate(failure);
  },
  async reportRefund(providerRefundId, report) {
    current().settleRefund(providerRefundId, {
      status: report.status === "failed" ? "FAILURE" : "SUCCESS",
      errorCode: report.reason?.toUpperCase() ?? null,
    });
    return current().webhookDelivery("refunds/create", providerRefundId);
  },
  advancePastIdempotencyWindow() {
    current().advanceClock(SHOPIFY_IDEMPOTENCY_WINDOW_MS + 1);
  },
  tamper: (rawBody) => rawBody.replace('"status":"success"', '"status":"failure"'),
  signsDeliveryTime: false,
});
