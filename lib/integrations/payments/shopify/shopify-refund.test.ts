import { describe, expect, it } from "vitest";
import { ownRefundNote } from "@/lib/integrations/commerce/own-refund-note";
import { providerRefundOf, refundStateOf, type ShopifyRefund } from "./shopify-refund";
import { refundOfWebhookBody } from "./shopify-refund-webhook";

function refund(
  transactions: { status: string; amount: string; errorCode?: string }[],
): ShopifyRefund {
  return {
    id: "gid://shopify/Refund/1",
    note: ownRefundNote("pa_1", { quoteHash: "h1", conversationId: "cv1" }),
    createdAt: "2026-12-07T10:00:00Z",
    order: { id: "gid://shopify/Order/1" },
    transactions: {
      nodes: transactions.map((transaction, index) => ({
        id: `gid://shopify/OrderTransaction/${index}`,
        kind: "REFUND",
        status: transaction.status,
        gateway: "shopify_payments",
        errorCode: transaction.errorCode ?? null,
        amountSet: { shopMoney: { amount: transaction.amount, currencyCode: "USD" } },
      })),
    },
  };
}

describe("a Shopify refund's state, from its transactions", () => {
  it.each([
    [["SUCCESS"], "succeeded"],
    [["SUCCESS", "SUCCESS"], "succeeded"],
    [["PENDING"], "pending"],
    [["AWAITING_RESPONSE"], "pending"],
    [["UNKNOWN"], "pending"],
    [["SUCCESS", "PENDING"], "pending"],
    [["SUCCESS", "FAILURE"], "failed"],
    [["ERROR"], "failed"],
    [["success"], "succeeded"],
    [[], "pending"],
  ])("%j is %s", (statuses, state) => {
    expect(refundStateOf(statuses)).toBe(state);
  });

  it("sums the money its transactions return, and reads the note back as metadata", () => {
    expect(
      providerRefundOf(
        refund([
          { status: "SUCCESS", amount: "40.0" },
          { status: "SUCCESS", amount: "8.00" },
        ]),
        false,
      ),
    ).toEqual({
      providerRefundId: "gid://shopify/Refund/1",
      status: "succeeded",
      statusReason: null,
      amountCents: 4800,
      currency: "USD",
      metadata: { pendingActionId: "pa_1", quoteHash: "h1", conversationId: "cv1" },
      reused: false,
    });
  });

  it("a failed refund's reason is the transaction's error code", () => {
    expect(
      providerRefundOf(
        refund([{ status: "FAILURE", amount: "48.0", errorCode: "CARD_DECLINED" }]),
        true,
      ),
    ).toMatchObject({
      status: "failed",
      statusReason: "card_declined",
    });
  });

  it("reads the REST body of a refunds/create delivery the same way", () => {
    expect(
      refundOfWebhookBody({
        admin_graphql_api_id: "gid://shopify/Refund/1",
        note: "Goodwill",
        transactions: [
          { kind: "refund", status: "pending", amount: "1980", currency: "JPY" },
          { kind: "sale", status: "success", amount: "9999", currency: "JPY" },
        ],
      }),
    ).toEqual({
      providerRefundId: "gid://shopify/Refund/1",
      status: "pending",
      statusReason: null,
      amountCents: 1980,
      currency: "JPY",
      metadata: null,
      reused: true,
    });
    expect(refundOfWebhookBody({ id: 1 })).toBeNull();
  });
});
