import { describe, expect, it } from "vitest";
import { formatMoneyIn, SUPPORTED_LANGUAGES } from "@/lib/domain/languages";
import { FRESH_QUOTE_INVITATION } from "@/lib/domain/quote-presentation";
import { REFUND_STATES } from "@/lib/domain/refund-state";
import type { WidgetQuoteCard, WidgetRefund } from "@/lib/server/services/widget/widget-snapshot";
import { quoteMoneyTone, quoteStatusText } from "./quote-status-text";

const card: WidgetQuoteCard = {
  kind: "quote",
  id: "pa_1",
  status: "awaiting_confirmation",
  quoteHash: "hash",
  orderNumber: "1001",
  reason: "damaged",
  currency: "USD",
  lines: [],
  subtotalCents: 5000,
  feeCents: 0,
  shippingRefundCents: 0,
  netRefundCents: 5000,
  refundTarget: "Visa ending 4242",
  notices: { refusedLines: [], feeLines: [], assumedReason: null },
  outdatedBecause: null,
  needsApproval: false,
  expiresAt: "2026-03-15T12:30:00.000Z",
  createdAt: "2026-03-15T12:00:00.000Z",
  refund: null,
};

describe("quoteStatusText", () => {
  it("says until when an unconfirmed quote is held and that nothing moved yet", () => {
    expect(quoteStatusText(card, "en")).toMatch(
      /^Held for you until .+\. Nothing is refunded until you confirm\.$/,
    );
  });

  const refund: WidgetRefund = {
    id: "rf_1",
    amountCents: 4500,
    target: "store credit",
    state: "succeeded",
    reason: null,
    wasPaid: true,
  };

  it("says 'refunded' only once the provider says the refund succeeded", () => {
    expect(quoteStatusText({ ...card, status: "executed", refund }, "en")).toBe(
      "Refunded $45.00 to store credit.",
    );
    expect(quoteMoneyTone({ ...card, status: "executed", refund })).toBe("paid");
  });

  it("says a pending refund was sent but is not on the account yet", () => {
    for (const state of ["pending", "requires_action"] as const) {
      const processing = { ...card, status: "executed" as const, refund: { ...refund, state } };
      expect(quoteStatusText(processing, "en")).toBe(
        "Processing: sent to store credit, not on your account yet. We'll tell you here once the payment processor confirms it.",
      );
      expect(quoteMoneyTone(processing)).toBe("processing");
    }
  });

  it("says a failed or canceled refund did not reach the customer, with the provider's reason", () => {
    const failed = {
      ...card,
      status: "executed" as const,
      refund: {
        ...refund,
        state: "failed" as const,
        reason: "lost_or_stolen_card",
        wasPaid: false,
      },
    };
    expect(quoteStatusText(failed, "en")).toBe(
      "This refund did not go through (the card was reported lost or stolen), so nothing reached your account. Our team will contact you to send it another way.",
    );
    expect(quoteMoneyTone(failed)).toBe("failed");
    expect(
      quoteStatusText(
        { ...failed, refund: { ...failed.refund, reason: null, wasPaid: true } },
        "en",
      ),
    ).toBe(
      "This refund did not reach you after all; the money came back to us. Our team will contact you to send it another way.",
    );
    expect(
      quoteStatusText(
        { ...failed, refund: { ...failed.refund, state: "canceled", reason: "x" } },
        "en",
      ),
    ).toMatch(/^This refund did not go through, so nothing reached your account\./);
  });

  it("never says 'refunded' for an executed action the records hold no refund for", () => {
    expect(quoteStatusText({ ...card, status: "executed" }, "en")).toBe(
      "Approved. The refund is being processed.",
    );
    expect(quoteMoneyTone({ ...card, status: "executed" })).toBe("none");
  });

  it("says 'Refunded' for a succeeded refund only, whatever the action's status", () => {
    const statuses = ["executed", "needs_reconciliation", "approved"] as const;
    for (const status of statuses) {
      for (const state of REFUND_STATES) {
        const text = quoteStatusText({ ...card, status, refund: { ...refund, state } }, "en");
        expect(text.startsWith("Refunded")).toBe(state === "succeeded");
      }
    }
  });

  it("says why an expired quote lapsed when the order changed under it", () => {
    expect(
      quoteStatusText(
        { ...card, status: "expired", outdatedBecause: "The order was returned." },
        "en",
      ),
    ).toBe(`This quote is no longer valid: The order was returned. ${FRESH_QUOTE_INVITATION}`);
    expect(quoteStatusText({ ...card, status: "expired" }, "en")).toMatch(
      /^This quote expired without an answer/,
    );
  });

  it("never tells the customer a rejected or failed refund went through", () => {
    for (const status of ["rejected", "failed", "declined"] as const) {
      expect(quoteStatusText({ ...card, status }, "en")).not.toMatch(/^Refunded/);
    }
  });

  it("speaks the customer's language, with the amount in its format", () => {
    const paid = { ...card, status: "executed" as const, refund };
    expect(quoteStatusText(paid, "es")).toBe(
      `Se han reembolsado ${formatMoneyIn("es", 4500, "USD")} a store credit.`,
    );
    expect(quoteStatusText(paid, "de")).toBe(
      `${formatMoneyIn("de", 4500, "USD")} an store credit erstattet.`,
    );
    expect(quoteStatusText(paid, "ja")).toBe(
      `${formatMoneyIn("ja", 4500, "USD")}をstore creditに返金しました。`,
    );
    expect(quoteStatusText(card, "fr")).toMatch(
      /^Réservé pour vous jusqu'à .+\. Rien n'est remboursé tant que vous n'avez pas confirmé\.$/,
    );
  });

  it("in every language, names a refunded amount for a succeeded refund only", () => {
    for (const language of SUPPORTED_LANGUAGES) {
      const amount = formatMoneyIn(language, 4500, "USD");
      for (const state of REFUND_STATES) {
        const text = quoteStatusText(
          { ...card, status: "executed", refund: { ...refund, state } },
          language,
        );
        expect(text.includes(amount), `${language} ${state}`).toBe(state === "succeeded");
      }
      for (const status of ["rejected", "failed", "declined", "executed"] as const) {
        expect(quoteStatusText({ ...card, status }, language)).not.toContain(amount);
      }
    }
  });

  it("leaves out the provider's English reason in another language rather than mix languages", () => {
    const failed = {
      ...card,
      status: "executed" as const,
      refund: {
        ...refund,
        state: "failed" as const,
        reason: "lost_or_stolen_card",
        wasPaid: false,
      },
    };
    expect(quoteStatusText(failed, "es")).toBe(
      "Este reembolso no se completó, así que no llegó nada a tu cuenta. Nuestro equipo se pondrá en contacto contigo para enviártelo de otra forma.",
    );
  });
});
