import { describe, expect, it } from "vitest";
import { buildScenarioOrders } from "@/tests/data/scenario-fixtures";
import { STATEMENT_CATALOGS } from "./catalogs/statements";
import { policyClaimFacts } from "./check-customer-message-claims";
import type { ClaimAction, ClaimFacts } from "./claim-facts";
import {
  type ClaimStatement,
  renderableStatementTexts,
  renderClaimStatement,
} from "./claim-statements";
import { denyFinalSale } from "./deny-reasons";
import { evaluateRefund } from "./evaluate-refund";
import { translator } from "./i18n";
import { formatMoneyIn, type Language, SUPPORTED_LANGUAGES } from "./languages";
import { formatPercentIn } from "./locale-format";
import type { OrderFacts } from "./order-facts";
import type { PendingActionStatus } from "./pending-action-status";
import type { RefundReason } from "./policy-rules";
import { POLICY_V1 } from "./policy-v1";
import type { Quote } from "./quote";
import { DEFAULT_SETTINGS } from "./settings";

const NOW = new Date("2026-03-15T12:00:00.000Z");
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

// Sam's rain jacket too large: $89.00 less the 10% fee, $80.10.
const jacket = quoteFor(orders.samB2001, ["B2001-1"], "too_large");
const giftCard = orders.priyaA1066.lines.find((line) => line.finalSale);
if (!giftCard) throw new Error("fixture must have a final-sale line");

function action(status: PendingActionStatus, extra: Partial<ClaimAction> = {}): ClaimAction {
  return {
    id: "cmpa0jacket00000000000001",
    status,
    quote: jacket,
    needsApproval: true,
    rejectionNote: null,
    refund: null,
    refusedLines: [],
    ...extra,
  };
}

function factsIn(language: Language, actions: ClaimAction[], extra: Partial<ClaimFacts> = {}) {
  return {
    channel: "chat",
    languageCode: language,
    language,
    actions,
    refunds: [],
    orders: [],
    customerOrderMentions: [],
    charges: [],
    disputes: [],
    ...policyClaimFacts(POLICY_V1, DEFAULT_SETTINGS, language),
    internalIds: [],
    previousAgentMessage: null,
    policyRefusals: [],
    disputeRefusals: [],
    ...extra,
  } satisfies ClaimFacts;
}

function rendered(facts: ClaimFacts, statement: ClaimStatement): string {
  const result = renderClaimStatement(statement, facts);
  if (!result.ok) throw new Error(result.reason);
  return result.text;
}

describe("claim statements in the customer's language", () => {
  it("states Sam's open quote in Spanish, with the amount as Spanish writes it", () => {
    const text = rendered(factsIn("es", [action("awaiting_confirmation")]), { kind: "open_quote" });
    expect(text).toContain(formatMoneyIn("es", 8010, "USD"));
    expect(text).toContain("Tu presupuesto para Rain jacket");
    expect(text).toContain("usa Confirmar o Rechazar");
    expect(text).not.toContain("$80.10");
  });

  it("states a refund waiting for an approver in German, with its fee", () => {
    const text = rendered(factsIn("de", [action("awaiting_approval")]), {
      kind: "waiting_for_approver",
    });
    expect(text).toContain(`Deine Erstattung von ${formatMoneyIn("de", 8010, "USD")}`);
    expect(text).toContain(
      `Rücksendegebühr von ${formatPercentIn("de", 1000)} (${formatMoneyIn("de", 890, "USD")})`,
    );
    expect(formatPercentIn("de", 1000)).toBe("10\u00a0%");
  });

  it("states a paid refund in Japanese, with the one timeline the customer is ever given", () => {
    const paid = action("executed", {
      refund: { state: "succeeded", reason: null, wasPaid: true },
    });
    const text = rendered(factsIn("ja", [paid]), { kind: "refund_status" });
    expect(text).toContain(formatMoneyIn("ja", 8010, "USD"));
    expect(text).toContain(translator(STATEMENT_CATALOGS, "ja")("refund_timeline"));
  });

  it("says a refused line's reason in Spanish from its code, not the engine's English", () => {
    const refusal = denyFinalSale(giftCard);
    const text = rendered(factsIn("es", [], { policyRefusals: [refusal] }), {
      kind: "denial",
      policySectionIds: ["§3"],
    });
    expect(text).toContain("Artículos que no podemos reembolsar");
    expect(text).toContain(`${giftCard.name} es un artículo de venta final`);
    expect(text).not.toContain("final-sale item");
  });

  it("keeps a refusal recorded without its code in the engine's words", () => {
    const text = rendered(
      factsIn("es", [], { policyRefusals: [{ message: "Old words.", sectionId: "§3" }] }),
      { kind: "denial", policySectionIds: ["§3"] },
    );
    expect(text).toContain("- Old words. (política §3)");
  });

  it("renders every statement kind in all eight languages without throwing", () => {
    for (const language of SUPPORTED_LANGUAGES) {
      const facts = factsIn(
        language,
        [
          action("awaiting_approval"),
          action("awaiting_confirmation", { id: "cmpa0other000000000000002" }),
        ],
        {
          customerOrderMentions: ["A1099"],
          disputes: [
            {
              chargeReferences: ["CH-1001", "CH-1002"],
              amountCents: 4800,
              suppliedAmountCents: null,
              currency: "USD",
              category: "duplicate_charge",
              status: "open",
            },
          ],
          disputeRefusals: ["CH-9 is not one of your charges."],
          policyRefusals: [denyFinalSale(giftCard)],
        },
      );
      const texts = renderableStatementTexts(facts);
      expect(texts.length).toBeGreaterThanOrEqual(5);
      expect(texts.join("\n")).toContain(formatMoneyIn(language, 8010, "USD"));
      expect(rendered(facts, { kind: "denial", policySectionIds: ["§3"] })).toContain(
        giftCard.name,
      );
    }
  });

  it("states every provider state in every language", () => {
    const states = [
      { state: "pending", reason: "charge_pending", wasPaid: false },
      { state: "failed", reason: "insufficient_funds", wasPaid: false },
      { state: "failed", reason: "declined", wasPaid: true },
    ] as const;
    for (const language of SUPPORTED_LANGUAGES) {
      for (const refund of states) {
        const text = rendered(factsIn(language, [action("executed", { refund })]), {
          kind: "refund_status",
        });
        expect(text).toContain(formatMoneyIn(language, 8010, "USD"));
      }
    }
  });
});
