import { z } from "zod";
import {
  checkCustomerMessageClaims,
  policyClaimFacts,
} from "@/lib/domain/check-customer-message-claims";
import type { ClaimFacts } from "@/lib/domain/claim-facts";
import { classifyMessage } from "@/lib/domain/classify-message";
import { evaluateRefund } from "@/lib/domain/evaluate-refund";
import type { Language } from "@/lib/domain/languages";
import { POLICY_V1 } from "@/lib/domain/policy-v1";
import { hashQuote } from "@/lib/domain/quote";
import { DEFAULT_SETTINGS } from "@/lib/domain/settings";
import { buildScenarioOrders } from "@/tests/data/scenario-fixtures";

/*
 * Scores the consent grammar and the claim check on a set written outside the code (one per
 * language: false money claims, harmless replies, messages that must not confirm, clear yeses)
 * against Sam's open $12.60 socks quote.
 */

export const languageSetSchema = z.object({
  false_money_claims: z.array(z.string()),
  harmless_replies: z.array(z.string()),
  must_not_confirm: z.array(z.string()),
  clear_yes: z.array(z.string()),
});
export type LanguageSet = z.infer<typeof languageSetSchema>;

export type LanguageSetScore = {
  /** Must be empty: a false claim about money that would reach the customer. */
  claimsLetThrough: string[];
  /** Must be empty: a message taken as a yes that is not one. */
  falseConfirmations: string[];
  /** Costs the agent a rephrase. */
  harmlessHeld: string[];
  /** Costs the customer a tap on Confirm. */
  missedYeses: string[];
};

const NOW = new Date("2026-03-15T12:00:00.000Z");
const orders = buildScenarioOrders(NOW);
const decision = evaluateRefund({
  order: orders.samB2001,
  selectedLineIds: ["B2001-2"],
  reason: "too_small",
  channel: "chat",
  now: NOW,
  policy: POLICY_V1,
});
if (decision.kind !== "quote") throw new Error("the socks must quote");
const socks = decision.quote;
const ACTION_ID = "cmpa0socks000000000000001";

function claimFacts(language: Language): ClaimFacts {
  return {
    channel: "chat",
    languageCode: language,
    language,
    actions: [
      {
        id: ACTION_ID,
        status: "awaiting_confirmation",
        quote: socks,
        needsApproval: false,
        rejectionNote: null,
        refund: null,
        refusedLines: [],
      },
    ],
    refunds: [],
    // Sam's orders as the claim check reads them: the store's names of his things are names.
    orders: [orders.samB2001, orders.samB2002].map((order) => ({
      orderNumber: order.orderNumber,
      currency: order.currency,
      shippingCents: order.shippingCents,
      placedAt: NOW,
      deliveredAt: order.deliveredAt,
      lines: order.lines.map(({ name, quantity, unitPriceCents }) => ({
        name,
        quantity,
        unitPriceCents,
      })),
    })),
    customerOrderMentions: [],
    charges: [],
    disputes: [],
    ...policyClaimFacts(POLICY_V1, DEFAULT_SETTINGS, language),
    internalIds: [ACTION_ID, hashQuote(socks)],
    previousAgentMessage: null,
    policyRefusals: [],
    disputeRefusals: [],
  };
}

function confirms(text: string, language: Language): boolean {
  const { intent } = classifyMessage({
    text,
    language,
    openAction: {
      status: "awaiting_confirmation",
      itemNames: socks.lines.map((line) => line.name),
      lineIds: socks.lines.map((line) => line.lineId),
      netRefundCents: socks.netRefundCents,
      currency: socks.currency,
    },
  });
  return intent === "confirm";
}

export function scoreLanguageSet(language: Language, set: LanguageSet): LanguageSetScore {
  const facts = claimFacts(language);
  const sent = (text: string) => checkCustomerMessageClaims(text, facts).ok;
  return {
    claimsLetThrough: set.false_money_claims.filter(sent),
    falseConfirmations: set.must_not_confirm.filter((text) => confirms(text, language)),
    harmlessHeld: set.harmless_replies.filter((text) => !sent(text)),
    missedYeses: set.clear_yes.filter((text) => !confirms(text, language)),
  };
}
