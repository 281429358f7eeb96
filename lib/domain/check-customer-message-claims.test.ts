import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildScenarioOrders, SCENARIO_LEDGER } from "@/tests/data/scenario-fixtures";
import {
  type ClaimFacts,
  type ClaimProblemCode,
  checkCustomerMessageClaims,
  claimedOutcomes,
  policyClaimFacts,
} from "./check-customer-message-claims";
import {
  describeRefusedLines,
  describeReturnFees,
  REFUND_TIMELINE_PHRASE,
} from "./customer-phrases";
import { evaluateRefund } from "./evaluate-refund";
import { formatMoney } from "./money";
import { PENDING_ACTION_STATUSES, type PendingActionStatus } from "./pending-action-status";
import type { RefundReason } from "./policy-rules";
import { listPolicySections } from "./policy-text";
import { hashQuote, type Quote, renderQuoteMarkdown, shortHash } from "./quote";
import { DEFAULT_SETTINGS } from "./settings";

const NOW = new Date("2026-03-15T12:00:00.000Z");
const orders = buildScenarioOrders(NOW);

function quoteFor(
  order: keyof typeof orders,
  lineIds: string[],
  reason: RefundReason,
  channel: "chat" | "email" = "chat",
): Quote {
  const decision = evaluateRefund({
    order: orders[order],
    selectedLineIds: lineIds,
    reason,
    channel,
    now: NOW,
    settings: DEFAULT_SETTINGS,
  });
  if (decision.kind !== "quote") throw new Error("fixture must quote");
  return decision.quote;
}

// Sam's chat: the rain jacket too big ($80.10), the socks too small ($12.60).
const jacket = quoteFor("samB2001", ["B2001-1"], "too_large");
const socks = quoteFor("samB2001", ["B2001-2"], "too_small");
const skillet = quoteFor("priyaA1066", ["A1066-1", "A1066-2"], "no_longer_needed", "email");

function samFacts(
  jacketStatus: PendingActionStatus,
  socksStatus?: PendingActionStatus,
  extra: Partial<ClaimFacts> = {},
): ClaimFacts {
  return {
    actions: [
      { status: jacketStatus, quote: jacket },
      ...(socksStatus ? [{ status: socksStatus, quote: socks }] : []),
    ],
    refunds: [],
    orders: [orders.samB2001, orders.samB2002],
    charges: [],
    disputes: [],
    ...policyClaimFacts(DEFAULT_SETTINGS, "USD"),
    internalIds: ["cmj0a1b2c3d4e5f6g7h8i9j0k", hashQuote(jacket), hashQuote(socks)],
    ...extra,
  };
}

function problemCodes(message: string, facts: ClaimFacts): ClaimProblemCode[] {
  const result = checkCustomerMessageClaims(message, facts);
  return result.ok ? [] : result.problems.map((problem) => problem.code);
}

describe("checkCustomerMessageClaims: amounts", () => {
  const facts = samFacts("awaiting_confirmation");
  it.each([
    ["the quote's net refund", "Your quote comes to $80.10."],
    ["the line's unit price", "The rain jacket cost $89.00."],
    ["the fee", "A return fee of $8.90 (10%) applies."],
    ["another order's price", "Your earbuds were $129.00."],
    ["the order total with shipping", "Order B2001 came to $109.00 with shipping."],
    ["the shipping fee", "Shipping was $6.00."],
    ["the auto-approve limit", "Refunds above $25.00 are reviewed by our team."],
    ["a code after the number", "That is 80.10 USD."],
    ["a code before the number", "That is USD 80.10."],
    ["one decimal", "That is 80.1 USD."],
    ["no decimals", "The jacket was $89."],
    ["words", "The jacket was eighty-nine dollars."],
    ["words with cents", "Your quote is eighty dollars and ten cents."],
    ["a bare two-decimal amount", "Your quote is 80.10 in total."],
    ["a negative fee", "| Rain jacket | 1 | $89.00 | -$8.90 (10%) | $80.10 |"],
  ])("passes %s", (_label, message) => {
    expect(problemCodes(message, facts)).toEqual([]);
  });

  it.each([
    ["an invented amount", "Your refund of $999 is ready.", "UNKNOWN_AMOUNT"],
    ["an invented amount with thousands", "We can offer $9,999.99.", "UNKNOWN_AMOUNT"],
    [
      "an invented amount in words",
      "We can offer nine hundred ninety-nine dollars.",
      "UNKNOWN_AMOUNT",
    ],
    ["an invented euro amount", "We can offer €80,10.", "UNKNOWN_AMOUNT"],
    ["a known number in another currency", "We can offer £80.10.", "UNKNOWN_AMOUNT"],
    ["a bare invented amount", "We can offer 75.00 back.", "UNKNOWN_AMOUNT"],
    ["cents alone", "We can add 99 cents.", "UNKNOWN_AMOUNT"],
    ["a suffixed amount", "We can offer $1.2k.", "UNREADABLE_AMOUNT"],
    ["three decimals", "We can offer $80.105.", "UNREADABLE_AMOUNT"],
    ["an ambiguous separator", "We can offer €1.234.", "UNREADABLE_AMOUNT"],
    ["an unparsed currency phrase", "We can offer 80 US dollars.", "UNREADABLE_AMOUNT"],
    ["an invented rate", "We'll waive it down to a 5% fee.", "UNKNOWN_RATE"],
  ])("refuses %s", (_label, message, code) => {
    expect(problemCodes(message, facts)).toContain(code);
  });

  it("reads amounts from the customer's charges and open disputes", () => {
    const ana: ClaimFacts = {
      ...samFacts("awaiting_confirmation"),
      actions: [],
      orders: [orders.anaC3001],
      charges: SCENARIO_LEDGER.map((charge) => ({
        reference: charge.chargeId,
        amountCents: charge.amountCents,
        currency: charge.currency,
      })),
      disputes: [
        {
          chargeReferences: ["CH-88302", "CH-88301"],
          amountCents: 11998,
          suppliedAmountCents: null,
          currency: "USD",
          status: "open",
        },
      ],
    };
    expect(
      problemCodes(
        "I've opened a billing review for CH-88302 and CH-88301 ($119.98 in question). Each was $59.99.",
        ana,
      ),
    ).toEqual([]);
    expect(problemCodes("The review of CH-88302 is in progress.", ana)).toEqual([]);
    expect(problemCodes("$119.98 has been credited to your card.", ana)).toContain(
      "OUTCOME_NOT_REACHED",
    );
  });
});

describe("checkCustomerMessageClaims: outcomes", () => {
  it.each<[string, PendingActionStatus, string, ClaimProblemCode[]]>([
    ["executed, issued", "executed", "Your refund of $80.10 for Rain jacket has been issued.", []],
    [
      "approved, approved",
      "approved",
      "Your refund of $80.10 has been approved and is being processed.",
      [],
    ],
    [
      "awaiting approval",
      "awaiting_approval",
      "Your refund of $80.10 is now waiting for approval by our team.",
      [],
    ],
    [
      "needs reconciliation, processing",
      "needs_reconciliation",
      "Your refund of $80.10 is being processed.",
      [],
    ],
    [
      "quoted, issued",
      "awaiting_confirmation",
      "$999 issued!",
      ["UNKNOWN_AMOUNT", "OUTCOME_NOT_REACHED"],
    ],
    [
      "quoted, issued (true amount)",
      "awaiting_confirmation",
      "Your refund of $80.10 has been issued.",
      ["OUTCOME_NOT_REACHED"],
    ],
    [
      "declined, approved and issued",
      "declined",
      "Good news: your refund is approved and issued.",
      ["OUTCOME_NOT_REACHED", "OUTCOME_NOT_REACHED"],
    ],
    [
      "awaiting approval, refunded",
      "awaiting_approval",
      "We have refunded the jacket.",
      ["OUTCOME_NOT_REACHED"],
    ],
    [
      "awaiting confirmation, waiting for approval",
      "awaiting_confirmation",
      "It is waiting for approval.",
      ["OUTCOME_NOT_REACHED"],
    ],
    [
      "rejected, credited",
      "rejected",
      "$80.10 credited tomorrow.",
      ["PROMISED_TIMELINE", "OUTCOME_NOT_REACHED"],
    ],
    ["suspended, on its way", "suspended", "Your money is on its way!", ["OUTCOME_NOT_REACHED"]],
    ["expired, complete", "expired", "The jacket refund is complete.", ["OUTCOME_NOT_REACHED"]],
    ["failed, went through", "failed", "The refund went through.", ["OUTCOME_NOT_REACHED"]],
    [
      "quoted, back on your card",
      "awaiting_confirmation",
      "The $80.10 is back on your Amex.",
      ["OUTCOME_NOT_REACHED"],
    ],
    [
      "quoted, refund sent",
      "awaiting_confirmation",
      "Your refund has been sent.",
      ["OUTCOME_NOT_REACHED"],
    ],
    [
      "quoted, money returned",
      "awaiting_confirmation",
      "The money was returned.",
      ["OUTCOME_NOT_REACHED"],
    ],
  ])("%s", (_label, status, message, codes) => {
    expect(problemCodes(message, samFacts(status))).toEqual(codes);
  });

  it("binds an outcome to the action it names: the jacket is not complete because the socks are", () => {
    const facts = samFacts("awaiting_confirmation", "executed");
    expect(problemCodes("Your socks refund of $12.60 has been issued.", facts)).toEqual([]);
    expect(problemCodes("Your jacket refund of $80.10 is complete!", facts)).toEqual([
      "OUTCOME_AMOUNT_MISMATCH",
    ]);
    expect(problemCodes("Your jacket refund is complete!", facts)).toEqual([
      "OUTCOME_ITEM_MISMATCH",
    ]);
    expect(problemCodes("Order B2002 has been refunded.", facts)).toEqual([
      "OUTCOME_ITEM_MISMATCH",
    ]);
  });

  it("does not let a component price stand for the refunded amount", () => {
    const facts = samFacts("executed");
    expect(problemCodes("$89.00 has been refunded.", facts)).toEqual(["OUTCOME_AMOUNT_MISMATCH"]);
    expect(
      problemCodes("Your refund of $80.10 ($89.00 less the $8.90 fee) has been issued.", facts),
    ).toEqual([]);
  });

  it("counts refunds in the ledger from other conversations as refunded", () => {
    const facts = samFacts("awaiting_confirmation", undefined, {
      refunds: [
        {
          orderNumber: "B2001",
          amountCents: 1260,
          shippingCents: 0,
          currency: "USD",
          lines: [{ name: "Wool socks", amountCents: 1260 }],
        },
      ],
    });
    expect(problemCodes("Wool socks has already been refunded.", facts)).toEqual([]);
    expect(problemCodes("Rain jacket has already been refunded.", facts)).toEqual([
      "OUTCOME_ITEM_MISMATCH",
    ]);
  });

  it.each([
    "Nothing has been refunded yet.",
    "Nothing will be refunded.",
    "Our team could not approve it, so no refund was made.",
    "No money has been returned.",
    "No refund has been issued.",
    "It has not been approved yet.",
    "Gift card is a final-sale item and cannot be refunded.",
    "Your refund hasn't been processed.",
    "It is no longer waiting for approval.",
    "The refund is yet to be approved.",
    "I can't accept approvals in chat: only our staff can approve a refund.",
  ])("lets a sentence deny an outcome: %s", (sentence) => {
    expect(claimedOutcomes(sentence)).toEqual([]);
    expect(problemCodes(sentence, samFacts("awaiting_confirmation"))).toEqual([]);
  });

  it.each([
    "No doubt about it, your refund has been issued.",
    "No worries — it's been refunded!",
    "Not to worry: it's approved.",
    "There's no question it was credited.",
  ])("does not treat a negation elsewhere in the sentence as denial: %s", (sentence) => {
    expect(claimedOutcomes(sentence).length).toBeGreaterThan(0);
  });
});

describe("checkCustomerMessageClaims: timelines", () => {
  it("allows the one standard phrase only after an executed refund", () => {
    const message = `Your refund of $80.10 has been issued. ${REFUND_TIMELINE_PHRASE}`;
    expect(problemCodes(message, samFacts("executed"))).toEqual([]);
    expect(problemCodes(REFUND_TIMELINE_PHRASE, samFacts("awaiting_approval"))).toEqual([
      "TIMELINE_BEFORE_REFUND",
    ]);
  });

  it.each([
    "It will arrive tomorrow.",
    "You'll see it within 3 days.",
    "Expect it in 5-7 business days.",
    "Usually 48 hours.",
    "It should land by Friday.",
    "It'll be there on Dec 5.",
    "It'll be there on 5 December.",
    "It'll be there on 2026-12-05.",
    "Within ten business days.",
    "We'll sort this out next week.",
    "It will be back on your card shortly.",
  ])("refuses a promised date or timeline: %s", (message) => {
    expect(problemCodes(message, samFacts("executed"))).toContain("PROMISED_TIMELINE");
  });

  it.each([
    "Wool throw blanket was delivered 45 days ago, outside the 30-day return window.",
    "Electronics can be returned within 15 days of delivery.",
    "The quote is held for 10 minutes.",
    "A chat that is idle for 30 minutes ends.",
  ])("allows policy durations and the past: %s", (message) => {
    expect(problemCodes(message, samFacts("awaiting_confirmation"))).toEqual([]);
  });
});

describe("checkCustomerMessageClaims: internal ids and verbatim text", () => {
  const facts = samFacts("awaiting_confirmation");
  it.each([
    ["an action id", "Your request cmj0a1b2c3d4e5f6g7h8i9j0k is open."],
    ["a short quote hash", `This is quote ${shortHash(hashQuote(jacket))}.`],
    ["a full hash", `Hash: ${hashQuote(socks)}`],
    ["a prefixed id", "Refund rf_8c1d2e3f4a5b6c7d8e9f0a1b was made."],
    ["a provider id", "Provider reference re_0f1e2d3c4b5a69788796a5b4c3d2e1f0."],
    ["a uuid", "Ref 123e4567-e89b-12d3-a456-426614174000."],
    ["an unknown cuid", "Reference: clx9z8y7w6v5u4t3s2r1q0p9o."],
  ])("refuses %s", (_label, message) => {
    expect(problemCodes(message, facts)).toContain("INTERNAL_ID");
  });

  it("passes policy text quoted verbatim, whatever it says about payment", () => {
    const section = listPolicySections(DEFAULT_SETTINGS).find((item) => item.id === "§7");
    expect(problemCodes(`> ${section?.body}`, facts)).toEqual([]);
    expect(
      problemCodes("Refunds above $25.00 are also reviewed before they are paid.", facts),
    ).toEqual(["OUTCOME_NOT_REACHED"]);
  });

  it("passes an approver's note to the customer quoted line by line", () => {
    const note = "We can offer a $20.00 store credit instead.\nIt will be issued tomorrow.";
    const message = `The reason our reviewer gave:\n\n> We can offer a $20.00 store credit instead.\n> It will be issued tomorrow.`;
    expect(problemCodes(message, { ...facts, verbatim: [...facts.verbatim, note] })).toEqual([]);
    expect(problemCodes(message, facts).length).toBeGreaterThan(0);
  });

  it("passes the customer-facing quote table and the shared phrases for a partly refused request", () => {
    const priya: ClaimFacts = {
      ...samFacts("awaiting_approval"),
      actions: [{ status: "awaiting_approval", quote: skillet }],
      orders: [orders.priyaA1066],
      internalIds: [hashQuote(skillet)],
    };
    const message = [
      "I've prepared a refund of $31.50 for order A1066, and it is now waiting for approval by our team.",
      renderQuoteMarkdown(skillet),
      ...describeReturnFees(skillet),
      ...describeRefusedLines([
        { message: "Gift card is a final-sale item and cannot be refunded.", sectionId: "§3" },
      ]),
    ].join("\n\n");
    expect(problemCodes(message, priya)).toEqual([]);
  });
});

const ONES =
  "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen".split(
    " ",
  );
const TENS = "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split(" ");

// 999999 → "nine hundred ninety-nine thousand nine hundred ninety-nine"
function inWords(value: number): string {
  if (value >= 1000) {
    const rest = value % 1000;
    return `${inWords(Math.floor(value / 1000))} thousand${rest > 0 ? ` ${inWords(rest)}` : ""}`;
  }
  if (value >= 100) {
    const rest = value % 100;
    return `${ONES[Math.floor(value / 100)]} hundred${rest > 0 ? ` ${inWords(rest)}` : ""}`;
  }
  if (value >= 20) {
    const rest = value % 10;
    return `${TENS[Math.floor(value / 10)]}${rest > 0 ? `-${ONES[rest]}` : ""}`;
  }
  return ONES[value] ?? "";
}

describe("checkCustomerMessageClaims: properties", () => {
  const knownCents = new Set([
    ...[jacket, socks].flatMap((quote) => [
      quote.netRefundCents,
      quote.subtotalCents,
      quote.feeCents,
      quote.shippingRefundCents,
      ...quote.lines.flatMap((line) => [line.unitPriceCents, line.subtotalCents, line.feeCents]),
      ...quote.lines.map((line) => line.subtotalCents - line.feeCents),
    ]),
    ...[orders.samB2001, orders.samB2002].flatMap((order) => [
      order.shippingCents,
      order.shippingCents +
        order.lines.reduce((sum, line) => sum + line.quantity * line.unitPriceCents, 0),
      ...order.lines.map((line) => line.unitPriceCents),
    ]),
    DEFAULT_SETTINGS.autoApproveLimitCents,
  ]);
  const formats: ((cents: number) => string)[] = [
    (cents) => formatMoney(cents),
    (cents) => `${(cents / 100).toFixed(2)} USD`,
    (cents) => `USD ${cents / 100}`,
    (cents) => `${Math.floor(cents / 100)} dollars and ${cents % 100} cents`,
    (cents) => `$${(cents / 100).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ",")}`,
    (cents) => `$${(cents / 100).toFixed(2).replace(".", ",")}`,
    (cents) =>
      `${inWords(Math.floor(cents / 100))} dollars${cents % 100 > 0 ? ` and ${inWords(cents % 100)} cents` : ""}`,
  ];
  const unknownCents = fc
    .integer({ min: 100, max: 10_000_000 })
    .filter((cents) => !knownCents.has(cents));

  it("refuses every amount that is not in the records, in every format", () => {
    fc.assert(
      fc.property(unknownCents, fc.constantFrom(...formats), (cents, format) => {
        const codes = problemCodes(
          `We can offer you ${format(cents)} for this.`,
          samFacts("awaiting_confirmation", "awaiting_confirmation"),
        );
        expect(
          codes.some((code) => code === "UNKNOWN_AMOUNT" || code === "UNREADABLE_AMOUNT"),
        ).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it("passes every amount that is in the records, in every format", () => {
    fc.assert(
      fc.property(fc.constantFrom(...knownCents), fc.constantFrom(...formats), (cents, format) => {
        expect(
          problemCodes(
            `That figure is ${format(cents)}.`,
            samFacts("awaiting_confirmation", "awaiting_confirmation"),
          ),
        ).toEqual([]);
      }),
    );
  });

  const refundOutcomes = [
    "has been issued",
    "has been refunded",
    "was credited to your card",
    "has been processed",
    "is on its way",
    "went through",
  ];
  it("accepts a refund outcome exactly when the action is executed", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PENDING_ACTION_STATUSES),
        fc.constantFrom(...refundOutcomes),
        (status, outcome) => {
          const codes = problemCodes(`Your refund of $80.10 ${outcome}.`, samFacts(status));
          expect(codes.length === 0).toBe(status === "executed");
        },
      ),
    );
  });

  it("refuses any message once an internal id is inserted anywhere in it", () => {
    const safe = [
      "Here is your quote.",
      "Your refund of $80.10 for Rain jacket is waiting for your confirmation.",
      "Reply yes to confirm.",
    ];
    const ids = ["cmj0a1b2c3d4e5f6g7h8i9j0k", shortHash(hashQuote(jacket)), hashQuote(socks)];
    fc.assert(
      fc.property(
        fc.constantFrom(...safe),
        fc.constantFrom(...ids),
        fc.nat(),
        (message, id, at) => {
          const words = message.split(" ");
          const position = at % (words.length + 1);
          const withId = [...words.slice(0, position), id, ...words.slice(position)].join(" ");
          expect(problemCodes(withId, samFacts("awaiting_confirmation"))).toContain("INTERNAL_ID");
        },
      ),
    );
  });
});
