import type { ClaimStatement } from "@/lib/domain/claim-statements";
import {
  AUTHORITY_AGAIN_SENTENCE,
  AUTHORITY_SENTENCE,
  HELP_SENTENCE,
  POLICY_INTRO,
} from "@/lib/domain/customer-phrases";
import type { ActionSnapshot } from "./provider";

// The offline agent's wording. Its own words carry no amount, outcome, date or id: every fact
// about money is a structured statement that code renders from the records, the same way any
// model is asked to state them. A tool's error text is never passed on to the customer.

export type ToolResultJson = Record<string, unknown> & { error?: string };

export type RefusedLine = { message: string; sectionId: string };

/** A reply as the offline agent sends it: its words, and the statements code adds to them. */
export type OfflineReply = { body: string; statements?: ClaimStatement[] };

type PolicySectionResult = { id: string; title: string; text: string };

/** Sent in the customer's own words' place when the policy engine refused the request. */
export function denialReply(reasons: readonly RefusedLine[]): OfflineReply {
  const sectionIds = [...new Set(reasons.map((reason) => reason.sectionId))].slice(0, 4);
  return {
    body: "If something about the order is different from what I see, reply and I'll take another look.",
    statements: [{ kind: "denial", policySectionIds: sectionIds.length > 0 ? sectionIds : ["§1"] }],
  };
}

export function policyAnswerReply(
  sections: PolicySectionResult[],
  onHold?: ActionSnapshot,
): OfflineReply {
  const quoted = sections
    .slice(0, 2)
    .flatMap((section) => [`**${section.id} ${section.title}**`, `> ${section.text}`, ""]);
  return {
    body: [POLICY_INTRO, "", ...quoted].join("\n").trim(),
    ...(onHold && { statements: [{ kind: "refund_status", actionId: onHold.id }] }),
  };
}

export function statusReply(action: ActionSnapshot | undefined, intent: string): OfflineReply {
  if (!action) return { body: "Tell me which item you'd like to return and why." };
  const status: ClaimStatement = { kind: "refund_status", actionId: action.id };
  switch (action.status) {
    case "awaiting_approval":
      return intent === "confirm"
        ? {
            body: "Thank you.",
            statements: [{ kind: "waiting_for_approver", actionId: action.id }],
          }
        : { body: "", statements: [status] };
    case "declined":
      return { body: "No problem.", statements: [status] };
    case "awaiting_confirmation":
    case "proposed":
      return { body: "", statements: [{ kind: "open_quote" }] };
    default:
      return { body: "", statements: [status] };
  }
}

/** The order the customer named is not on their account: said from the records, never guessed. */
export function orderNotFoundReply(orderNumber: string, onHold?: ActionSnapshot): OfflineReply {
  return {
    body: "",
    statements: [
      { kind: "order_not_found", orderNumber },
      ...(onHold ? [{ kind: "refund_status" as const, actionId: onHold.id }] : []),
    ],
  };
}

export function disputeReply(result: ToolResultJson): OfflineReply {
  if (result.error) return { body: "", statements: [{ kind: "dispute_not_opened" }] };
  return { body: "", statements: [{ kind: "dispute_opened" }] };
}

/** When a quote could not be prepared: the open quote if there is one, else a person follows up. */
export function proposalFailedReply(openQuote: boolean): OfflineReply {
  return openQuote
    ? { body: "", statements: [{ kind: "open_quote" }] }
    : { body: "I couldn't go ahead with that request myself, so I've passed it to our team." };
}

export const AUTHORITY_REPLY = `Thanks for letting me know. ${AUTHORITY_SENTENCE} Nothing has changed on your account.`;
export const AUTHORITY_AGAIN_REPLY = `${AUTHORITY_AGAIN_SENTENCE} Your account is as it was.`;

export const PUSHBACK_REPLY =
  "I understand this is frustrating, and I'm sorry for the trouble. I can't change what our policy allows, but I've passed your message to our team, and a person will review your case.";

export const FALLBACK_REPLY = `${HELP_SENTENCE} Which item or charge is this about, and what's the problem?`;

export const ASK_ITEM_REPLY =
  "I'd be happy to help with a return. Which item would you like to return, and what's the reason (for example damaged, wrong item, too small or too large, or no longer needed)?";

export const UNKNOWN_SENDER_REPLY =
  "Thanks for writing. I couldn't find a customer account for this email address, so I can't look up an order from here. Please write to us from the email address you used when ordering and I'll take it from there. I'm happy to answer any questions about our policy in the meantime.";
