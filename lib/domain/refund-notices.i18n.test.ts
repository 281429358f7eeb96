import { describe, expect, it } from "vitest";
import { buildScenarioOrders } from "@/tests/data/scenario-fixtures";
import { STATEMENT_CATALOGS } from "./catalogs/statements";
import { evaluateRefund } from "./evaluate-refund";
import { translator } from "./i18n";
import { formatMoneyIn, SUPPORTED_LANGUAGES } from "./languages";
import { POLICY_V1 } from "./policy-v1";
import { refundFailedNotice, refundPaidNotice, refundProcessingNotice } from "./refund-notices";

const NOW = new Date("2026-03-15T12:00:00.000Z");
const orders = buildScenarioOrders(NOW);
const decision = evaluateRefund({
  order: orders.samB2001,
  selectedLineIds: ["B2001-1"],
  reason: "too_large",
  channel: "chat",
  now: NOW,
  policy: POLICY_V1,
});
if (decision.kind !== "quote") throw new Error("fixture must quote");
const facts = { customerName: "Sam Rivera", quote: decision.quote };

describe("refund notices in the customer's language", () => {
  it("greets Sam by first name and states the paid refund in Spanish", () => {
    const notice = refundPaidNotice({ ...facts, language: "es" });
    expect(notice.subject).toBe("Tu reembolso del pedido B2001");
    expect(notice.body.startsWith("Hola, Sam:\n")).toBe(true);
    expect(notice.body).toContain(
      `${formatMoneyIn("es", 8010, "USD")} a tu ${decision.quote.refundTarget} del pedido B2001:`,
    );
    expect(notice.chat).toContain(translator(STATEMENT_CATALOGS, "es")("refund_timeline"));
  });

  it("says processing in German and a failure with its reason in Japanese", () => {
    expect(refundProcessingNotice({ ...facts, language: "de" }).body).toContain(
      "noch nicht auf deinem Konto",
    );
    const failed = refundFailedNotice(
      { ...facts, language: "ja" },
      { state: "failed", reason: "insufficient_funds", wasPaid: false },
    );
    expect(failed.body.startsWith("Sam様")).toBe(true);
    expect(failed.body).toContain(formatMoneyIn("ja", 8010, "USD"));
    expect(failed.body).toContain("決済口座の残高が足りなかったため");
    expect(failed.chat).toContain(translator(STATEMENT_CATALOGS, "ja")("refund_failed_next_step"));
  });

  it("renders every notice in all eight languages", () => {
    for (const language of SUPPORTED_LANGUAGES) {
      const amount = formatMoneyIn(language, 8010, "USD");
      const notices = [
        refundPaidNotice({ ...facts, language }),
        refundProcessingNotice({ ...facts, language }),
        refundFailedNotice(
          { ...facts, language },
          { state: "canceled", reason: "declined", wasPaid: true },
        ),
      ];
      for (const notice of notices) {
        expect(notice.subject).toContain("B2001");
        expect(notice.body).toContain(amount);
        expect(notice.chat).toContain(amount);
      }
    }
  });
});
