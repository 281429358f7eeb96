import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildScenarioOrders } from "@/tests/data/scenario-fixtures";
import { checkCustomerMessageClaims, policyClaimFacts } from "./check-customer-message-claims";
import type { ClaimFacts, ClaimRefund } from "./claim-facts";
import {
  type ClaimStatement,
  renderableStatementTexts,
  renderClaimStatement,
  renderHoldingReply,
} from "./claim-statements";
import { REFUND_FAILED_NEXT_STEP, REFUND_TIMELINE_PHRASE } from "./customer-phrases";
import { evaluateRefund } from "./evaluate-refund";
import { PENDING_ACTION_STATUSES, type PendingActionStatus } from "./pending-action-status";
import { POLICY_V1 } from "./policy-v1";
import { REFUND_STATES, type RefundState } from "./refund-state";
import { DEFAULT_SETTINGS } from "./settings";

/*
 * What the customer hears about a refund the provider accepted follows the provider's own state:
 * "issued" only when it says paid, "processing" while it is pending, an apology when it failed.
 */

const NOW = new Date("2026-03-15T12:00:00.000Z");
const ACTION_ID = "cmpa0jacket00000000000001";
const decision = evaluateRefund({
  order: buildScenarioOrders(NOW).samB2001,
  selectedLineIds: ["B2001-1"],
  reason: "too_large",
  channel: "chat",
  now: NOW,
  policy: POLICY_V1,
});
if (decision.kind !== "quote") throw new Error("fixture must quote");
const quote = decision.quote;

function factsWith(
  refund: ClaimRefund | null,
  status: PendingActionStatus = "executed",
  channel: ClaimFacts["channel"] = "chat",
): ClaimFacts {
  return {
    channel,
    languageCode: null,
    language: "en",
    actions: [
      {
        id: ACTION_ID,
        status,
        quote,
        needsApproval: false,
        rejectionNote: null,
        refund,
        refusedLines: [],
      },
    ],
    refunds: [],
    orders: [],
    customerOrderMentions: [],
    charges: [],
    disputes: [],
    ...policyClaimFacts(POLICY_V1, DEFAULT_SETTINGS),
    internalIds: [ACTION_ID],
    previousAgentMessage: null,
    policyRefusals: [],
    disputeRefusals: [],
  };
}

const refundIn = (state: RefundState, reason: string | null = null, wasPaid = false) => ({
  state,
  reason,
  wasPaid: wasPaid || state === "succeeded",
});

function statusText(facts: ClaimFacts): string {
  const rendered = renderClaimStatement({ kind: "refund_status" }, facts);
  if (!rendered.ok) throw new Error(rendered.reason);
  return rendered.text;
}

const accepted = (message: string, facts: ClaimFacts) =>
  checkCustomerMessageClaims(message, facts).ok;

const PAID_TEXT = statusText(factsWith(refundIn("succeeded")));

// A sentence that says the money went out or arrived; "nothing has been refunded" does not.
const SAYS_PAID =
  /(?<!\b(?:nothing|no money|not) )\b(?:has|have|was|were) been (?:issued|refunded|sent|paid|credited|returned)\b|(?<!\b(?:nothing|no money|not) )\b(?:was|were) (?:issued|refunded|sent|paid|credited)\b|\bwe(?: have|'ve)? (?:refunded|issued|sent)\b|\bon (?:its|the) way\b|\bappears on your statement\b/iu;

describe("refund_status follows the provider's state", () => {
  it("says 'processing, not on your account yet' while the refund is pending or needs action", () => {
    for (const state of ["pending", "requires_action"] as const) {
      const text = statusText(factsWith(refundIn(state, "insufficient_funds")));
      expect(text).toBe(
        `Your refund of $80.10 for Rain jacket to ${quote.refundTarget} is being processed by our payment processor; it has not reached your account yet. We'll let you know as soon as the processor confirms it.`,
      );
      expect(text).not.toMatch(SAYS_PAID);
      expect(text).not.toContain(REFUND_TIMELINE_PHRASE);
    }
  });

  it("says 'issued', with the timeline, only once the provider says it succeeded", () => {
    expect(PAID_TEXT).toBe(
      `Done: your refund of $80.10 for Rain jacket has been issued to ${quote.refundTarget}. ${REFUND_TIMELINE_PHRASE}`,
    );
  });

  it("apologises for a refund that did not go through, with the provider's reason and the next step", () => {
    const text = statusText(factsWith(refundIn("failed", "lost_or_stolen_card")));
    expect(text).toBe(
      `I'm sorry: the refund of $80.10 for Rain jacket to ${quote.refundTarget} did not go through — the card was reported lost or stolen, so no money has reached your account.\n\n${REFUND_FAILED_NEXT_STEP}`,
    );
    expect(statusText(factsWith(refundIn("canceled", null)))).toMatch(
      /did not go through, so no money has reached your account\./,
    );
  });

  it("says a refund failed after it was reported paid came back, and never names an unknown reason", () => {
    const text = statusText(factsWith(refundIn("failed", "some_new_code", true)));
    expect(text).toContain("that we told you about did not reach you after all, and the money");
    expect(text).not.toContain("some_new_code");
    expect(text).toContain(REFUND_FAILED_NEXT_STEP);
  });

  it("claims nothing paid for an executed action the records hold no refund for", () => {
    const text = statusText(factsWith(null));
    expect(text).toBe(
      "Your refund of $80.10 for Rain jacket has been approved and is being processed.",
    );
  });

  it("lets the provider's state win over the action's status once a refund exists", () => {
    const text = statusText(factsWith(refundIn("pending"), "needs_reconciliation"));
    expect(text).toContain("has not reached your account yet");
  });
});

describe("the claim check believes 'refunded' only of a paid refund", () => {
  const claims = [
    PAID_TEXT,
    "Done: your refund of $80.10 for Rain jacket has been issued.",
    "Your refund has been issued.",
    "Your refund of $80.10 has been sent to your card.",
    "We've refunded the rain jacket.",
    "The money is on its way.",
    REFUND_TIMELINE_PHRASE,
  ];

  it("refuses every 'issued' claim while the provider's refund is pending", () => {
    const facts = factsWith(refundIn("pending", "charge_pending"));
    for (const claim of claims) expect(accepted(claim, facts), claim).toBe(false);
  });

  it("refuses them after a failure too, even when the refund had been paid", () => {
    for (const refund of [refundIn("failed", null, true), refundIn("canceled")]) {
      for (const claim of claims) expect(accepted(claim, factsWith(refund)), claim).toBe(false);
    }
  });

  it("passes the code-rendered statement of each state, and only in that state", () => {
    const states = REFUND_STATES.map((state) => refundIn(state, "insufficient_funds"));
    for (const shown of states) {
      const text = statusText(factsWith(shown));
      for (const actual of states) {
        const same = statusText(factsWith(actual)) === text;
        expect(accepted(text, factsWith(actual)), `${shown.state} in ${actual.state}`).toBe(same);
      }
    }
  });

  it("passes the paid statement once the provider says the refund succeeded", () => {
    expect(accepted(PAID_TEXT, factsWith(refundIn("succeeded")))).toBe(true);
  });
});

describe("refund states: property", () => {
  const refunds = fc.option(
    fc.record({
      state: fc.constantFrom(...REFUND_STATES),
      reason: fc.constantFrom(null, "insufficient_funds", "lost_or_stolen_card", "unknown"),
      wasPaid: fc.boolean(),
    }),
    { nil: null },
  );
  const statuses = fc.constantFrom(...PENDING_ACTION_STATUSES);
  const channels = fc.constantFrom<ClaimFacts["channel"]>("chat", "email");
  const STATEMENTS: ClaimStatement[] = [
    { kind: "open_quote" },
    { kind: "refund_status" },
    { kind: "refund_status", actionId: ACTION_ID },
    { kind: "waiting_for_approver" },
    { kind: "denial", policySectionIds: ["§1"] },
    { kind: "order_not_found" },
    { kind: "dispute_opened" },
    { kind: "dispute_not_opened" },
  ];
  const subjects = fc.constantFrom(
    "Your refund",
    "Your refund of $80.10",
    "Your refund of $80.10 for Rain jacket",
    "The money",
    "Done: your refund of $80.10 for Rain jacket",
  );
  const outcomes = fc.constantFrom(
    "has been issued",
    "has been issued to your card",
    `has been issued to ${quote.refundTarget}`,
    "was refunded",
    "has been sent",
    "is on its way",
    "has been paid",
  );
  const paidClaims = fc.oneof(
    fc.tuple(subjects, outcomes).map(([subject, outcome]) => `${subject} ${outcome}.`),
    fc.constantFrom(PAID_TEXT, REFUND_TIMELINE_PHRASE),
  );

  it("every text code renders says 'paid' only of a refund the provider says succeeded", () => {
    fc.assert(
      fc.property(refunds, statuses, channels, (refund, status, channel) => {
        const facts = factsWith(refund, status, channel);
        const texts = [
          ...STATEMENTS.flatMap((statement) => {
            const rendered = renderClaimStatement(statement, facts);
            return rendered.ok ? [rendered.text] : [];
          }),
          ...renderableStatementTexts(facts),
          renderHoldingReply(facts),
        ];
        for (const text of texts) {
          if (SAYS_PAID.test(text)) expect(refund?.state).toBe("succeeded");
        }
      }),
      { numRuns: 400 },
    );
  });

  it("every 'refunded' claim the check accepts is backed by a succeeded refund", () => {
    fc.assert(
      fc.property(refunds, statuses, channels, paidClaims, (refund, status, channel, claim) => {
        if (accepted(claim, factsWith(refund, status, channel))) {
          expect(refund?.state).toBe("succeeded");
        }
      }),
      { numRuns: 600 },
    );
  });
});
