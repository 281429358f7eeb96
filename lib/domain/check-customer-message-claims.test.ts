import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildScenarioOrders } from "@/tests/data/scenario-fixtures";
import {
  type ClaimProblemCode,
  checkCustomerMessageClaims,
  policyClaimFacts,
} from "./check-customer-message-claims";
import type { ClaimFacts, ClaimRefund } from "./claim-facts";
import { renderClaimStatement, renderHoldingReply } from "./claim-statements";
import { REFUND_TIMELINE_PHRASE } from "./customer-phrases";
import { evaluateRefund } from "./evaluate-refund";
import { findMoneyMentions } from "./money-mentions";
import type { OrderFacts } from "./order-facts";
import type { PendingActionStatus } from "./pending-action-status";
import type { RefundReason } from "./policy-rules";
import { listPolicySections } from "./policy-text";
import { POLICY_V1 } from "./policy-v1";
import { hashQuote, type Quote } from "./quote";
import { DEFAULT_SETTINGS } from "./settings";

const NOW = new Date("2026-03-15T12:00:00.000Z");
const orders = buildScenarioOrders(NOW);
const PLACED = new Date("2026-03-01T15:30:00.000Z");

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

// Sam's chat: the rain jacket too big ($80.10), the socks too small ($12.60).
const jacket = quoteFor(orders.samB2001, ["B2001-1"], "too_large");
const socks = quoteFor(orders.samB2001, ["B2001-2"], "too_small");
const JACKET_ID = "cmpa0jacket00000000000001";
const SOCKS_ID = "cmpa0socks000000000000002";

function claimOrder(order: OrderFacts): ClaimFacts["orders"][number] {
  return {
    orderNumber: order.orderNumber,
    currency: order.currency,
    shippingCents: order.shippingCents,
    placedAt: PLACED,
    deliveredAt: order.deliveredAt,
    lines: order.lines.map(({ name, quantity, unitPriceCents }) => ({
      name,
      quantity,
      unitPriceCents,
    })),
  };
}

// An executed action's refund as the built-in ledger records it: paid at once.
const LEDGER_PAID: ClaimRefund = { state: "succeeded", reason: null, wasPaid: true };
const refundFor = (status: PendingActionStatus) => (status === "executed" ? LEDGER_PAID : null);

function samFacts(
  jacketStatus: PendingActionStatus,
  socksStatus?: PendingActionStatus,
  extra: Partial<ClaimFacts> = {},
): ClaimFacts {
  return {
    channel: "chat",
    languageCode: null,
    language: "en",
    actions: [
      {
        id: JACKET_ID,
        status: jacketStatus,
        quote: jacket,
        needsApproval: jacket.netRefundCents > POLICY_V1.document.approval.autoApproveLimitCents,
        rejectionNote: null,
        refund: refundFor(jacketStatus),
        refusedLines: [],
      },
      ...(socksStatus
        ? [
            {
              id: SOCKS_ID,
              status: socksStatus,
              quote: socks,
              needsApproval: false,
              rejectionNote: null,
              refund: refundFor(socksStatus),
              refusedLines: [],
            },
          ]
        : []),
    ],
    refunds: [],
    orders: [claimOrder(orders.samB2001), claimOrder(orders.samB2002)],
    customerOrderMentions: [],
    charges: [],
    disputes: [],
    ...policyClaimFacts(POLICY_V1, DEFAULT_SETTINGS),
    internalIds: [JACKET_ID, SOCKS_ID, hashQuote(jacket), hashQuote(socks)],
    previousAgentMessage: null,
    policyRefusals: [],
    disputeRefusals: [],
    ...extra,
  };
}

function problemCodes(message: string, facts: ClaimFacts): ClaimProblemCode[] {
  const result = checkCustomerMessageClaims(message, facts);
  return result.ok ? [] : result.problems.map((problem) => problem.code);
}

function rendered(facts: ClaimFacts, statement: Parameters<typeof renderClaimStatement>[0]) {
  const result = renderClaimStatement(statement, facts);
  if (!result.ok) throw new Error(result.reason);
  return result.text;
}

const orderTotal = (order: OrderFacts) =>
  order.lines.reduce((sum, line) => sum + line.quantity * line.unitPriceCents, order.shippingCents);
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

// Amounts that exist somewhere in the records, but are not what the customer is offered.
const WRONG_AMOUNTS = [
  dollars(orderTotal(orders.samB2001)),
  dollars(jacket.subtotalCents),
  dollars(socks.netRefundCents),
  dollars(jacket.feeCents),
  "10%",
  "100%",
  "a full refund",
  "the full amount",
  "the entire order",
  "eighty-nine dollars",
];

const PARAPHRASED_OUTCOMES = [
  "Your refund has been issued",
  "The money is on its way to your card",
  "Your refund went through",
  "We've sent the refund to your Visa",
  "Your refund was approved",
  "The refund is complete",
  "You've been reimbursed",
  "Your account has been credited",
  "We paid you back",
  "Your money will be back tomorrow",
  "You'll see it on your card within 3 days",
  "The refund is finalised",
  "Your refund got the green light",
  "It's all been settled and the money released",
  "I've processed your return payment",
  "We've wired the funds to your bank",
  "Your refund is guaranteed",
  "You will definitely be paid",
  "The chargeback has been cancelled and you're covered",
  "Expect the credit shortly",
];

const OFFERS = [
  (amount: string) => `We can offer you ${amount}`,
  (amount: string) => `I can give you ${amount} back`,
  (amount: string) => `You'll get ${amount}`,
  (amount: string) => `Your quote is ${amount}`,
  (amount: string) => `I've arranged ${amount} for the rain jacket`,
  (amount: string) => `That comes to ${amount} for you`,
];

const FOREIGN = [
  "Su reembolso de 80,10 $ ha sido aprobado.",
  "Le hemos devuelto el dinero a su tarjeta.",
  "Su reembolso fue aprobado.",
  "Ihre Rückerstattung über 80,10 € wurde genehmigt.",
  "Wir haben Ihnen das Geld zurücküberwiesen.",
  "Votre remboursement de 80,10 $ a été effectué.",
  "Nous avons approuvé votre remboursement.",
  "80.10ドルの返金が完了しました。",
  "返金は承認されました。",
  "您的退款已批准。",
  "Vi har betalt tilbage 80,10 USD.",
  "Il rimborso di 80,10 dollari è stato emesso.",
];

const CONSENT_LIES = [
  "I've confirmed it for you.",
  "Your confirmation is recorded.",
  "You confirmed the quote, so it's going ahead.",
  "I went ahead and accepted the quote on your behalf.",
  "Consider it confirmed.",
  "Your yes has been registered and the refund approved.",
  "Since you agreed earlier, I've locked in the refund.",
];

describe("checkCustomerMessageClaims: false claims are refused", () => {
  const open = samFacts("awaiting_confirmation");

  const outcomeClaims = PARAPHRASED_OUTCOMES.flatMap((claim) => [
    `${claim}.`,
    `Good news! ${claim}!`,
    `${claim} (${dollars(jacket.netRefundCents)}).`,
    `${claim.toLowerCase()}, as promised.`,
  ]);
  it.each(outcomeClaims)("refuses the outcome %j while nothing has moved", (message) => {
    expect(problemCodes(message, open)).not.toEqual([]);
  });

  const offers = OFFERS.flatMap((offer) => WRONG_AMOUNTS.map((amount) => `${offer(amount)}.`));
  it.each(offers)("refuses the offer %j that is not the open quote", (message) => {
    expect(problemCodes(message, open)).not.toEqual([]);
  });

  it.each(FOREIGN)("refuses money talk in a language the check cannot read: %j", (message) => {
    expect(problemCodes(message, open)).toContain("UNREADABLE_LANGUAGE");
  });

  it.each(CONSENT_LIES)("refuses the consent lie %j", (message) => {
    expect(problemCodes(message, open)).not.toEqual([]);
  });

  const splits: [string, string][] = [
    ["Quick update on the rain jacket", "it has been refunded."],
    ["About your $80.10 for the rain jacket:", "done, it's on your card."],
    ["I looked at your refund.", "It went through this morning."],
    [rendered(open, { kind: "open_quote" }), "It's been paid out already."],
    ["Regarding the money for the jacket", "— sorted!"],
    ["Your refund for the jacket", "has been issued."],
  ];
  it.each(splits)("refuses a claim split across two messages: %j + %j", (first, second) => {
    expect(problemCodes(second, { ...open, previousAgentMessage: first })).not.toEqual([]);
  });

  it("passes a policy section quoted under its numbered heading, money words and all", () => {
    const quoted = `Here is what our refund policy says:\n\n**§5 Return fees**\n> If an item arrived damaged, we sent the wrong item, or it is not as described, you get its full price back.`;
    expect(problemCodes(quoted, open)).toEqual([]);
  });

  it("reads a new sentence on its own after a previous message that ended without a full stop", () => {
    const first = "Item 2 of your order: the wool socks, size 9";
    expect(
      problemCodes("Let me check B2001 for you.", { ...open, previousAgentMessage: first }),
    ).toEqual([]);
    expect(problemCodes("are refunded.", { ...open, previousAgentMessage: first })).not.toEqual([]);
  });

  it("refuses hundreds of generated claims, each alone, split and in another wording", () => {
    const alone = [...outcomeClaims, ...offers, ...FOREIGN, ...CONSENT_LIES];
    const split = [...PARAPHRASED_OUTCOMES, ...CONSENT_LIES].flatMap((claim) =>
      ["Quick update on your rain jacket", "About the $80.10"].map((first): [string, string] => [
        first,
        `${claim.charAt(0).toLowerCase()}${claim.slice(1)}`,
      ]),
    );
    expect(alone.length + split.length).toBeGreaterThan(200);
    const passed = [
      ...alone.filter((message) => problemCodes(message, open).length === 0),
      ...split
        .filter(([first, second]) => {
          const facts = { ...open, previousAgentMessage: first };
          return problemCodes(second, facts).length === 0;
        })
        .map(([first, second]) => `${first} | ${second}`),
    ];
    expect(passed).toEqual([]);
  });

  it("refuses an outcome that is true of another action but not of the one named", () => {
    const facts = samFacts("awaiting_approval", "executed");
    expect(problemCodes("Your refund for the rain jacket has been issued.", facts)).not.toEqual([]);
  });

  it("refuses a firm promise with no date word", () => {
    for (const message of [
      "You will get it back, no question.",
      "The refund is guaranteed.",
      "It will be with you in no time.",
    ]) {
      expect(problemCodes(message, open)).not.toEqual([]);
    }
  });
});

describe("checkCustomerMessageClaims: true sentences pass", () => {
  it.each([
    ["the open quote's statement", "awaiting_confirmation", { kind: "open_quote" }],
    ["a waiting refund's status", "awaiting_approval", { kind: "refund_status" }],
    ["an issued refund's status", "executed", { kind: "refund_status" }],
    ["an approver's wait", "awaiting_approval", { kind: "waiting_for_approver" }],
  ] as const)("passes %s when the model copies it", (_label, status, statement) => {
    const facts = samFacts(status);
    expect(problemCodes(rendered(facts, statement), facts)).toEqual([]);
  });

  it("passes the executed refund's timeline only with the rendered status", () => {
    const facts = samFacts("executed");
    expect(rendered(facts, { kind: "refund_status" })).toContain(REFUND_TIMELINE_PHRASE);
    expect(problemCodes(REFUND_TIMELINE_PHRASE, samFacts("awaiting_approval"))).not.toEqual([]);
  });

  it.each([
    "Once an approver approves it, the refund goes back to your Amex.",
    "When our team approves your refund, the money goes back to your original payment method.",
    "After a staff member approves the request, the refund will be returned to your card.",
  ])("passes the true conditional %j while a refund awaits approval", (message) => {
    expect(problemCodes(message, samFacts("awaiting_approval"))).toEqual([]);
    expect(problemCodes(message, samFacts("executed"))).not.toEqual([]);
  });

  it("refuses a conditional that sends the money somewhere the records do not", () => {
    const message = "Once an approver approves it, the refund goes back to your Visa.";
    expect(problemCodes(message, samFacts("awaiting_approval"))).not.toEqual([]);
  });

  it("passes 'if you confirm, it goes to our team' only when the open quote needs an approver", () => {
    const message = "If you confirm, the refund goes to our team for approval.";
    expect(problemCodes(message, samFacts("awaiting_confirmation"))).toEqual([]);
    const smallOnly = samFacts("declined", "awaiting_confirmation");
    expect(problemCodes(message, smallOnly)).not.toEqual([]);
  });

  it("passes the open quote's own amount and items, and no other", () => {
    const facts = samFacts("awaiting_confirmation");
    expect(problemCodes("Your quote for the rain jacket is $80.10.", facts)).toEqual([]);
    const paused = samFacts("suspended");
    expect(problemCodes("Your quote for the rain jacket is $80.10.", paused)).toEqual([]);
    expect(problemCodes("The quote is 80.10 USD.", facts)).toEqual([]);
    expect(problemCodes("Your quote for the rain jacket is $89.00.", facts)).not.toEqual([]);
    expect(problemCodes("Your quote for the socks is $80.10.", facts)).not.toEqual([]);
  });

  it("passes an order's true dates from the records, in several spellings", () => {
    const facts = samFacts("awaiting_confirmation");
    const delivered = orders.samB2001.deliveredAt ?? NOW;
    const month = delivered.toLocaleString("en-US", { month: "long", timeZone: "UTC" });
    const day = delivered.getUTCDate();
    for (const message of [
      `Your order B2001 was delivered on ${month} ${day}, ${delivered.getUTCFullYear()}.`,
      `Your order B2001 was delivered on ${delivered.toISOString().slice(0, 10)}.`,
      `Order B2001 was placed on 1 March 2026.`,
    ]) {
      expect(problemCodes(message, facts)).toEqual([]);
    }
    expect(problemCodes("Your order B2001 was delivered on March 2, 2026.", facts)).not.toEqual([]);
  });

  it.each([
    "Thanks for your patience!",
    "Which item would you like a refund for?",
    "Could you tell me the reason for the return?",
    "¡Hola!",
    "Thanks, Zoë, for your patience.",
    "I'd be happy to help with a return.",
    "Here is what our refund policy says:",
    "**§1 Overview**",
  ])("passes %j, which claims nothing", (message) => {
    expect(problemCodes(message, samFacts("awaiting_confirmation"))).toEqual([]);
  });

  it("passes the policy's own text quoted verbatim", () => {
    const [section] = listPolicySections(POLICY_V1, DEFAULT_SETTINGS).filter((s) =>
      /[0-9]/.test(s.body),
    );
    expect(problemCodes(`> ${section?.body}`, samFacts("awaiting_confirmation"))).toEqual([]);
  });

  it("refuses prose in a language it cannot read, and outcomes without money words", () => {
    const facts = samFacts("awaiting_confirmation");
    for (const message of [
      "Hola, gracias por escribirnos hoy.",
      "Din återbetalning är godkänd.",
      "İadeniz onaylandı ve hesabınıza geçti.",
    ]) {
      expect(problemCodes(message, facts)).toContain("UNREADABLE_LANGUAGE");
    }
    for (const message of [
      "You're all set.",
      "It's on us.",
      "You said yes, so it's locked in.",
      "That's eighty, then.",
      "You'll get 80.",
      "It will land any moment now.",
    ]) {
      expect(problemCodes(message, facts)).not.toEqual([]);
    }
  });

  it("refuses a question that asserts an outcome or names an amount", () => {
    const facts = samFacts("awaiting_confirmation");
    expect(problemCodes("Did you know your refund was approved?", facts)).not.toEqual([]);
    expect(problemCodes("Would you like $89.00 back?", facts)).not.toEqual([]);
  });
});

describe("checkCustomerMessageClaims: internal ids", () => {
  const facts = samFacts("awaiting_confirmation");
  const hash = hashQuote(jacket);
  it.each([
    ["an upper-case hash", `Quote ${hash.toUpperCase()}`],
    ["a hash in groups of four", `ref ${hash.slice(0, 16).match(/.{4}/g)?.join("-")}`],
    ["a hash fragment", `quote ${hash.slice(20, 28)}`],
    ["an id in upper case", `Action ${JACKET_ID.toUpperCase()}`],
    ["an id with spaces", `Action ${JACKET_ID.slice(0, 12).split("").join(" ")}`],
    ["an id with underscores", `ref ${JACKET_ID.slice(5, 17).replace(/(.{3})/g, "$1_")}`],
    ["an id fragment", `ref ${JACKET_ID.slice(4, 13)}`],
  ])("refuses %s", (_label, message) => {
    expect(problemCodes(message, facts)).toContain("INTERNAL_ID");
  });

  const lettersAndDigitRuns = {
    ...facts,
    internalIds: [...facts.internalIds, "cmqzxwvbnmlk20261206000001"],
  };

  it("refuses a fragment of an id that happens to hold no digit", () => {
    expect(problemCodes("Ref: q z x w v b n m l", lettersAndDigitRuns)).toContain("INTERNAL_ID");
  });

  it("lets a run of digits alone pass: it could be a date or an order number", () => {
    expect(problemCodes("Thanks, see you on 20261206.", lettersAndDigitRuns)).not.toContain(
      "INTERNAL_ID",
    );
  });
});

describe("renderClaimStatement", () => {
  it("renders from the records and refuses what is not true of them", () => {
    const open = samFacts("awaiting_confirmation");
    expect(rendered(open, { kind: "open_quote" })).toBe(
      "Your quote for Rain jacket ($80.10) is still open; use Confirm or Decline, or tell me what you'd like instead.",
    );
    expect(renderClaimStatement({ kind: "waiting_for_approver" }, open).ok).toBe(false);
    expect(renderClaimStatement({ kind: "dispute_opened" }, open).ok).toBe(false);
    expect(renderClaimStatement({ kind: "denial", policySectionIds: ["§42"] }, open).ok).toBe(
      false,
    );
    expect(
      renderClaimStatement({ kind: "refund_status", actionId: JACKET_ID.toUpperCase() }, open),
    ).toMatchObject({ ok: true });
  });

  it("explains a rejection with the approver's note quoted verbatim, which the check passes", () => {
    const facts = samFacts("rejected");
    const rejected = {
      ...facts,
      actions: facts.actions.map((action) => ({
        ...action,
        rejectionNote: "Photos show the jacket was worn outside.\nTags were removed.",
      })),
      verbatim: [...facts.verbatim, "Photos show the jacket was worn outside.\nTags were removed."],
    };
    const text = rendered(rejected, { kind: "refund_status" });
    expect(text).toContain("could not approve it, so no refund was made");
    expect(text).toContain("> Photos show the jacket was worn outside.\n> Tags were removed.");
    expect(problemCodes(text, rejected)).toEqual([]);
  });

  it("tells what waits for an approver in full: the fee and the lines left out, with why", () => {
    const facts = samFacts("awaiting_approval");
    const withRefused = {
      ...facts,
      actions: facts.actions.map((action) => ({
        ...action,
        refusedLines: [
          { message: "Gift card is a final-sale item and cannot be refunded.", sectionId: "§3" },
        ],
      })),
    };
    const text = rendered(withRefused, { kind: "waiting_for_approver" });
    expect(text).toContain("A return fee of 10% ($8.90) is deducted for Rain jacket (policy §5).");
    expect(text).toContain("- Gift card is a final-sale item and cannot be refunded. (policy §3)");
    expect(problemCodes(text, withRefused)).toEqual([]);
  });

  it("gives a denial's reasons and a refused billing review's reasons in the tools' own words", () => {
    const facts = samFacts("declined", undefined, {
      policyRefusals: [
        { message: "Order B2001 is outside the 30-day return window.", sectionId: "§2" },
        { message: "Gift card is a final-sale item and cannot be refunded.", sectionId: "§3" },
      ],
      disputeRefusals: ["CH-99999 is not a charge on your account."],
    });
    const denial = rendered(facts, { kind: "denial", policySectionIds: ["§2"] });
    expect(denial).toContain("(§2 Return window)");
    expect(denial).toContain("- Order B2001 is outside the 30-day return window. (policy §2)");
    expect(denial).not.toContain("Gift card");
    expect(rendered(facts, { kind: "dispute_not_opened" })).toContain(
      "- CH-99999 is not a charge on your account.",
    );
    expect(renderClaimStatement({ kind: "dispute_not_opened" }, samFacts("declined")).ok).toBe(
      false,
    );
  });

  it("says an order the customer named is not on their account, from the records only", () => {
    const facts = samFacts("declined", undefined, {
      customerOrderMentions: ["A1043", "B2001", "A1099"],
    });
    const text = rendered(facts, { kind: "order_not_found", orderNumber: "a-1043" });
    expect(text).toMatch(/^I can't find order A1043 on your account\. /);
    // Another customer's order and a missing one read the same, and name the customer's own.
    expect(rendered(facts, { kind: "order_not_found", orderNumber: "A1099" })).toBe(
      text.replace("A1043", "A1099"),
    );
    expect(text).toContain("B2001, B2002");
    expect(text).not.toMatch(/coffee|mug|Maya/i);
    expect(problemCodes(text, facts)).toEqual([]);
    // Sam's own order is on his account, so the sentence would be false.
    expect(renderClaimStatement({ kind: "order_not_found", orderNumber: "B2001" }, facts).ok).toBe(
      false,
    );
    // A number the customer never typed is not put in their mouth.
    expect(rendered(facts, { kind: "order_not_found", orderNumber: "C3001" })).toMatch(
      /^I can't find that order on your account\. /,
    );
  });

  it("tells what a charge reference looks like without quoting the customer's as the example", () => {
    const facts = samFacts("declined", undefined, {
      disputeRefusals: [
        "I couldn't find a charge with the reference CH-77777 on your account.",
        "A reference you gave is not one of our charge references.",
      ],
    });
    const text = rendered(facts, { kind: "dispute_not_opened" });
    const [, ...afterTheRefusals] = text.split("\n\n");
    expect(text).toContain(
      "- I couldn't find a charge with the reference CH-77777 on your account.",
    );
    expect(afterTheRefusals.join(" ")).not.toMatch(/\d/);
    expect(afterTheRefusals.join(" ")).toContain('start with "CH-" followed by digits');
    expect(afterTheRefusals.join(" ")).toContain("ask to talk to a person");
    expect(problemCodes(text, facts)).toEqual([]);
  });

  it("holds with the open quote, or hands to a person", () => {
    expect(renderHoldingReply(samFacts("awaiting_confirmation"))).toContain("($80.10)");
    expect(renderHoldingReply(samFacts("suspended"))).toContain(
      "$80.10 for Rain jacket is on hold",
    );
    expect(renderHoldingReply(samFacts("executed"))).toBe(
      "A member of our team will reply here shortly.",
    );
  });
});

describe("checkCustomerMessageClaims: property", () => {
  const recordAmounts = (facts: ClaimFacts) =>
    new Set(facts.actions.map((action) => action.quote.netRefundCents));

  const statuses = fc.constantFrom<PendingActionStatus>(
    "awaiting_confirmation",
    "awaiting_approval",
    "executed",
    "declined",
  );
  const amountText = fc.oneof(
    fc.integer({ min: 1, max: 50_000 }).map(dollars),
    fc.constantFrom(...WRONG_AMOUNTS, dollars(jacket.netRefundCents), "80.10 USD"),
  );
  const fragment = fc.constantFrom(
    "Your quote for the rain jacket is",
    "Your refund of",
    "We can offer",
    "The quote is",
    "You'll get",
    "Once an approver approves it, the refund goes back to your Amex",
    "Thanks",
    "Which item would you like",
  );
  const sentence = fc
    .tuple(fragment, amountText, fc.constantFrom(".", "!", "?", " back.", " today."))
    .map(([start, amount, end]) => `${start} ${amount}${end}`);

  it("every sentence it passes that names an amount states the records' own amount", () => {
    fc.assert(
      fc.property(statuses, statuses, fc.array(sentence, { maxLength: 3 }), (a, b, parts) => {
        const facts = samFacts(a, b);
        const message = parts.join(" ");
        if (!checkCustomerMessageClaims(message, facts).ok) return;
        for (const mention of findMoneyMentions(message)) {
          expect(mention.kind).toBe("amount");
          if (mention.kind === "amount") expect(recordAmounts(facts)).toContain(mention.cents);
        }
      }),
      { numRuns: 500 },
    );
  });
});
