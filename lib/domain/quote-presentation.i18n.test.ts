import { describe, expect, it } from "vitest";
import { buildScenarioOrders } from "@/tests/data/scenario-fixtures";
import { evaluateRefund } from "./evaluate-refund";
import { formatMoneyIn, type Language, SUPPORTED_LANGUAGES } from "./languages";
import type { OrderFacts } from "./order-facts";
import { REFUND_REASON_LABELS, type RefundReason } from "./policy-rules";
import { POLICY_V1 } from "./policy-v1";
import { hashQuote, type Quote, refundReasonLabel, renderQuoteMarkdown } from "./quote";
import {
  ASSUMED_REASON_LEAD,
  describeOutdatedQuote,
  describeQuoteNotices,
  quoteNoticeWords,
  REFUSED_LINES_HEADING,
  renderQuotePresentation,
} from "./quote-presentation";
import { orderChangedAtPaymentNotice, outdatedQuoteRequotedNotice } from "./revalidate-notices";

const NOW = new Date("2026-06-01T12:00:00Z");
const orders = buildScenarioOrders(NOW);

function quoteFor(order: OrderFacts, lineIds: string[], reason: RefundReason): Quote {
  const decision = evaluateRefund({
    order,
    selectedLineIds: lineIds,
    reason,
    channel: "chat",
    now: NOW,
    policy: POLICY_V1,
  });
  if (decision.kind !== "quote") throw new Error("fixture must quote");
  return decision.quote;
}

// The stories' amounts: Sam's jacket $89.00 less 10% ($80.10), his socks $14.00 less 10%
// ($12.60), Maya's coffee maker $48.00 in full (it arrived damaged).
const jacket = quoteFor(orders.samB2001, ["B2001-1"], "too_large");
const socks = quoteFor(orders.samB2001, ["B2001-2"], "too_small");
const coffeeMaker = quoteFor(orders.mayaA1043, ["A1043-1"], "damaged");

const present = (language: Language, quote: Quote = jacket) =>
  renderQuotePresentation({
    quote,
    refused: [],
    reasonStatedByCustomer: false,
    holdEndsAt: new Date(NOW.getTime() + 10 * 60_000),
    now: NOW,
    again: false,
    language,
  });

describe("the quote in the customer's language", () => {
  it("has the story amounts", () => {
    expect([jacket.netRefundCents, socks.netRefundCents]).toEqual([8010, 1260]);
    expect(coffeeMaker.netRefundCents).toBe(4800);
    expect(coffeeMaker.feeCents).toBe(0);
  });

  it("is the same quote, with the same hash, whatever language renders it", () => {
    const hash = hashQuote(jacket);
    for (const language of SUPPORTED_LANGUAGES) {
      const before = structuredClone(jacket);
      present(language);
      renderQuoteMarkdown(jacket, language);
      expect(jacket).toEqual(before);
      expect(hashQuote(jacket)).toBe(hash);
    }
    expect(present("es")).not.toBe(present("en"));
  });

  it("shows Sam's jacket in Spanish: table, amounts by Spanish rules, reason and how to answer", () => {
    const text = present("es");
    expect(text).toContain("Este es el reembolso que puedo ofrecerte para el pedido B2001:");
    expect(text).toContain(
      "| Artículo | Cant. | Precio unitario | Comisión de devolución | Reembolso |",
    );
    expect(text).toContain(`**${formatMoneyIn("es", 8010, "USD")}**`);
    expect(text).toContain(`-${formatMoneyIn("es", 890, "USD")}`);
    expect(text).toContain("este presupuesto supone: **demasiado grande**");
    expect(text).toContain("Responde **sí** para confirmar");
    expect(text).toContain("10 minutos más");
    expect(text).not.toContain("$80.10");
  });

  it("shows the socks in German and Maya's coffee maker in Japanese", () => {
    const german = present("de", socks);
    expect(german).toContain(`**${formatMoneyIn("de", 1260, "USD")}**`);
    expect(german).toContain("Antworte mit **ja**");
    const japanese = present("ja", coffeeMaker);
    expect(japanese).toContain(formatMoneyIn("ja", coffeeMaker.netRefundCents, "USD"));
    expect(japanese).toContain("| 商品 | 数量 | 単価 | 返品手数料 | 返金額 |");
    expect(japanese).toContain("| なし |");
    expect(japanese).toContain("あと10分間有効です");
  });

  it("renders in all eight languages, each with its total", () => {
    for (const language of SUPPORTED_LANGUAGES) {
      for (const quote of [jacket, socks, coffeeMaker]) {
        expect(present(language, quote)).toContain(
          formatMoneyIn(language, quote.netRefundCents, quote.currency),
        );
      }
      expect(describeOutdatedQuote(jacket, ["x"], language)).toContain("B2001");
      expect(outdatedQuoteRequotedNotice(jacket, ["x"], language)).toContain("B2001");
      const notice = orderChangedAtPaymentNotice({
        quote: jacket,
        changed: ["items", "delivery"],
        after: { kind: "requoted", waitsFor: "approver", quote: socks },
        language,
      });
      expect(notice.subject).toContain("B2001");
      expect(notice.body).toContain(formatMoneyIn(language, 8010, "USD"));
      expect(notice.body).toContain(formatMoneyIn(language, 1260, "USD"));
    }
  });

  it("keeps English as it was: labels, headings and the notice words", () => {
    expect(refundReasonLabel("too_large")).toBe(REFUND_REASON_LABELS.too_large);
    for (const reason of Object.keys(REFUND_REASON_LABELS) as RefundReason[]) {
      expect(refundReasonLabel(reason, "en")).toBe(REFUND_REASON_LABELS[reason]);
    }
    expect(quoteNoticeWords("en")).toEqual({
      refusedLinesHeading: REFUSED_LINES_HEADING,
      assumedReasonLead: ASSUMED_REASON_LEAD,
      assumedReasonTail: "If that's not right, tell me the reason instead of confirming.",
    });
  });

  it("gives the widget's card its notices in the customer's language", () => {
    const notices = describeQuoteNotices({
      quote: jacket,
      refused: [],
      reasonStatedByCustomer: false,
      language: "es",
    });
    expect(notices.assumedReason).toBe("demasiado grande");
    expect(notices.feeLines[0]).toContain(formatMoneyIn("es", 890, "USD"));
    expect(quoteNoticeWords("es").refusedLinesHeading).toBe("No incluido:");
  });
});
