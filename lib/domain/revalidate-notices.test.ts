import { describe, expect, it } from "vitest";
import { buildScenarioOrders } from "@/tests/data/scenario-fixtures";
import { REVALIDATION_CATALOGS } from "./catalogs/revalidation";
import { evaluateRefund } from "./evaluate-refund";
import { translator } from "./i18n";
import { SUPPORTED_LANGUAGES } from "./languages";
import type { OrderPart } from "./order-fingerprint";
import { POLICY_V1 } from "./policy-v1";
import type { Quote } from "./quote";
import type { RevalidationReason } from "./revalidate";
import {
  describeRevalidationReason,
  orderChangedAtPaymentNotice,
  outdatedQuoteRequotedNotice,
} from "./revalidate-notices";

const T0 = new Date("2025-03-15T12:00:00.000Z");
const orders = buildScenarioOrders(T0);

function socksQuote(): Quote {
  const decision = evaluateRefund({
    order: orders.samB2001,
    selectedLineIds: ["B2001-2"],
    reason: "too_small",
    channel: "chat",
    now: T0,
    policy: POLICY_V1,
  });
  if (decision.kind !== "quote") throw new Error("fixture must quote");
  return decision.quote;
}

describe("what the customer reads when a quote's order changed", () => {
  const quote = socksQuote();

  it("at payment, says what moved, that nothing was refunded, and that a new quote follows", () => {
    const notice = orderChangedAtPaymentNotice({
      quote,
      changed: ["refunds", "delivery"],
      after: { kind: "requoted", waitsFor: "customer", quote },
    });
    expect(notice.subject).toBe("About your refund for order B2001");
    expect(notice.body).toBe(
      [
        "Before paying your refund of $12.60 for order B2001, I checked the order again: it has changed since you agreed to that quote (the refunds made on it and its delivery details changed). So I couldn't pay that quote, and nothing was refunded.",
        "",
        "Here is a new quote for the order as it is now; please check it and reply yes if it's right.",
      ].join("\n"),
    );
  });

  it("names the new amount when an approver must countersign it, and each reason when none is possible", () => {
    const cheaper = { ...quote, netRefundCents: 630 };
    const queued = orderChangedAtPaymentNotice({
      quote,
      changed: ["items"],
      after: { kind: "requoted", waitsFor: "approver", quote: cheaper },
    });
    expect(queued.body).toContain("(the items on it changed)");
    expect(queued.body).toContain(
      "I've made a new quote for the order as it is now: $6.30. A member of our team needs to approve it",
    );
    const refused = orderChangedAtPaymentNotice({
      quote,
      changed: ["refunds"],
      after: {
        kind: "not_refundable",
        reasons: [{ message: "Wool socks has already been refunded.", sectionId: "§4" }],
      },
    });
    expect(refused.body.split("\n").slice(-2)).toEqual([
      "These items can no longer be refunded:",
      "- Wool socks has already been refunded. (policy §4)",
    ]);
  });

  it("says the store no longer has an order that is gone, and promises no new quote", () => {
    const gone = orderChangedAtPaymentNotice({ quote, changed: [], after: { kind: "order_gone" } });
    expect(gone.body).toContain("I checked the order again: our store no longer has it.");
    expect(gone.body).not.toContain("new quote");
  });

  it("at a yes, keeps the outdated quote's reasons and points at the new quote", () => {
    const body = outdatedQuoteRequotedNotice(quote, [
      "Order B2001 changed in the store since the quote was made: its delivery details changed.",
    ]);
    expect(body.split("\n")).toEqual([
      "I couldn't accept that confirmation: the quote for order B2001 is no longer valid.",
      "- Order B2001 changed in the store since the quote was made: its delivery details changed.",
      "",
      "Nothing was refunded on this quote. Here is a new quote for the order as it is now; please check it and reply yes if it's right.",
    ]);
  });
});

describe("describeRevalidationReason", () => {
  const parts: OrderPart[] = ["items", "delivery"];
  const reasons: RevalidationReason[] = [
    {
      code: "LINE_MISSING",
      message: "Wool socks is no longer on order B2001.",
      params: { item: "Wool socks", orderNumber: "B2001" },
    },
    {
      code: "LINE_ALREADY_REFUNDED",
      message: "Wool socks has already been refunded.",
      params: { item: "Wool socks" },
    },
    {
      code: "LINE_IN_FLIGHT",
      message: "Wool socks is already part of another refund that is under way.",
      params: { item: "Wool socks" },
    },
    {
      code: "SHIPPING_ALREADY_REFUNDED",
      message: "Shipping for order B2001 has already been refunded or is being refunded.",
      params: { orderNumber: "B2001" },
    },
    {
      code: "QUOTE_CHANGED",
      message: "The refund policy now gives a different amount for these items.",
      params: {},
    },
    {
      code: "ORDER_CHANGED",
      message:
        "Order B2001 changed in the store since the quote was made: the items on it and its delivery details changed.",
      params: { orderNumber: "B2001", parts, fromStore: true },
    },
  ];

  it("reads as the engine's message in English", () => {
    for (const reason of reasons)
      expect(describeRevalidationReason(reason, "en")).toBe(reason.message);
  });

  it("mirrors the engine's English in the English catalog, so translations say the same", () => {
    const t = translator(REVALIDATION_CATALOGS, "en");
    for (const reason of reasons.slice(0, 5)) {
      expect(
        t(reason.code as keyof typeof REVALIDATION_CATALOGS.en, {
          item: "Wool socks",
          orderNumber: "B2001",
          parts: "",
        }),
      ).toBe(reason.message);
    }
  });

  it("says every reason in each other language, naming the item and order, without the English words", () => {
    for (const language of SUPPORTED_LANGUAGES.filter((code) => code !== "en")) {
      for (const reason of reasons) {
        const said = describeRevalidationReason(reason, language);
        expect(said).not.toBe(reason.message);
        if (reason.params?.item) expect(said).toContain("Wool socks");
        if (reason.params?.orderNumber) expect(said).toContain("B2001");
      }
    }
    expect(describeRevalidationReason(reasons[5] as RevalidationReason, "es")).toContain(
      "en la tienda",
    );
  });

  it("keeps the English message for a reason recorded without parameters", () => {
    const bare: RevalidationReason = {
      code: "EXPIRED",
      message: "The quote's hold ended before it was confirmed",
    };
    expect(describeRevalidationReason(bare, "de")).toBe(bare.message);
  });
});
