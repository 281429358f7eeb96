import { AGENT_REPLY_CATALOGS, type AgentReplyKey } from "@/lib/domain/catalogs/agent-replies";
import { knownSentence } from "@/lib/domain/catalogs/known-sentences";
import type { ClaimStatement } from "@/lib/domain/claim-statements";
import { translator } from "@/lib/domain/i18n";
import type { Language } from "@/lib/domain/languages";
import type { ActionSnapshot } from "./provider";

// The offline agent's wording, from catalogs in the customer's language. Its own words carry no
// amount, outcome, date or id: every fact about money is a structured statement that code renders
// from the records, the same way any model is asked to state them. A tool's error text is never
// passed on to the customer.

export type ToolResultJson = Record<string, unknown> & { error?: string };

export type RefusedLine = { message: string; sectionId: string };

/** A reply as the offline agent sends it: its words, and the statements code adds to them. */
export type OfflineReply = { body: string; statements?: ClaimStatement[] };

type PolicySectionResult = { id: string; title: string; text: string };

/** The customer's order lines by their store names, for asking which one they mean. */
export type NamedOrderLines = { orderNumber: string; names: string[] };

function say(language: Language, key: AgentReplyKey, values?: Record<string, string>): string {
  return translator(AGENT_REPLY_CATALOGS, language)(key, values);
}

/** Sent in the customer's own words' place when the policy engine refused the request. */
export function denialReply(language: Language, reasons: readonly RefusedLine[]): OfflineReply {
  const sectionIds = [...new Set(reasons.map((reason) => reason.sectionId))].slice(0, 4);
  return {
    body: say(language, "denial"),
    statements: [{ kind: "denial", policySectionIds: sectionIds.length > 0 ? sectionIds : ["§1"] }],
  };
}

export function policyAnswerReply(
  language: Language,
  sections: PolicySectionResult[],
  onHold?: ActionSnapshot,
): OfflineReply {
  const quoted = sections
    .slice(0, 2)
    .flatMap((section) => [`**${section.id} ${section.title}**`, `> ${section.text}`, ""]);
  return {
    body: [knownSentence(language, "policy_intro"), "", ...quoted].join("\n").trim(),
    ...(onHold && { statements: [{ kind: "refund_status", actionId: onHold.id }] }),
  };
}

export function statusReply(
  language: Language,
  action: ActionSnapshot | undefined,
  intent: string,
): OfflineReply {
  if (!action) return { body: say(language, "ask_item_and_why") };
  const status: ClaimStatement = { kind: "refund_status", actionId: action.id };
  switch (action.status) {
    case "awaiting_approval":
      return intent === "confirm"
        ? {
            body: say(language, "thank_you"),
            statements: [{ kind: "waiting_for_approver", actionId: action.id }],
          }
        : { body: "", statements: [status] };
    case "declined":
      return { body: say(language, "no_problem"), statements: [status] };
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
export function proposalFailedReply(language: Language, openQuote: boolean): OfflineReply {
  return openQuote
    ? { body: "", statements: [{ kind: "open_quote" }] }
    : { body: say(language, "passed_to_team") };
}

export function authorityReply(language: Language): string {
  return say(language, "authority", { authority: knownSentence(language, "authority") });
}

/** The same answer in other words, for a second claim: a reply is never sent twice. */
export function authorityAgainReply(language: Language): string {
  return say(language, "authority_again", {
    authority: knownSentence(language, "authority_again"),
  });
}

export function pushbackReply(language: Language): string {
  return say(language, "pushback");
}

/** Pushback again in other words: a reply is never sent twice. */
export function pushbackAgainReply(language: Language): string {
  return say(language, "pushback_again");
}

export function fallbackReply(language: Language): string {
  return say(language, "fallback", { help: knownSentence(language, "help") });
}

/**
 * Which item the customer means, listing their order lines by store name when there are any,
 * so that naming one ("Rain jacket") is answer enough.
 */
export function askItemReply(language: Language, orders: readonly NamedOrderLines[]): string {
  const listed = orders.filter((order) => order.names.length > 0);
  if (listed.length === 0) return say(language, "ask_item");
  const separator = say(language, "item_separator");
  return [
    say(language, "ask_item_from_orders"),
    ...listed.map((order) =>
      say(language, "order_lines", {
        orderNumber: order.orderNumber,
        items: order.names.join(separator),
      }),
    ),
  ].join("\n");
}

export function unknownSenderReply(language: Language): string {
  return say(language, "unknown_sender");
}

export function messageReceivedReply(language: Language): string {
  return say(language, "message_received");
}
