import type { AuditEventDefinitions } from "./audit-events";
import { tagKey } from "./tag-name";

/*
 * Tag rules: a fixed set of events that tag the conversation they happened in, so a support
 * lead can filter on them ("every dispute this week") without anyone remembering to tag. The
 * hook that applies them runs inside the transaction that appends the event
 * (lib/server/audit/apply-tag-rules.ts), so a tag exists exactly when its event committed.
 */

export const TAG_RULE_IDS = [
  "merchant_fault_refund",
  "dispute_opened",
  "needs_person",
  "quote_approved",
  "refund_failed",
] as const;
export type TagRuleId = (typeof TAG_RULE_IDS)[number];

export type TagRule = {
  id: TagRuleId;
  /** The rule in a few words, as the activity view and the docs name it. */
  label: string;
  /** The tag it adds (created in the workspace on first use). */
  tag: string;
  matches: (event: RuleEvent) => boolean;
};

/** An appended audit event, as the rules read it. */
export type RuleEvent = { kind: string; payload: unknown };

function payloadOf<K extends keyof AuditEventDefinitions>(
  event: RuleEvent,
  kind: K,
): Partial<AuditEventDefinitions[K]["payload"]> | null {
  if (event.kind !== kind || typeof event.payload !== "object" || event.payload === null) {
    return null;
  }
  return event.payload as Partial<AuditEventDefinitions[K]["payload"]>;
}

export const TAG_RULES: readonly TagRule[] = [
  {
    id: "merchant_fault_refund",
    label: "Merchant-fault refund",
    tag: "merchant-fault",
    // The refund's reason blames the merchant under the policy version it was quoted by.
    matches: (event) => payloadOf(event, "pending_action.created")?.merchantFault === true,
  },
  {
    id: "dispute_opened",
    label: "Dispute opened",
    tag: "dispute-opened",
    matches: (event) => event.kind === "dispute.opened",
  },
  {
    id: "needs_person",
    label: "Needs a person",
    tag: "needs-a-person",
    matches: (event) => event.kind === "conversation.flagged_for_person",
  },
  {
    id: "quote_approved",
    label: "Quote approved",
    tag: "quote-approved",
    matches: (event) => event.kind === "pending_action.approved",
  },
  {
    id: "refund_failed",
    label: "Refund failed",
    tag: "refund-failed",
    matches: (event) => event.kind === "pending_action.failed",
  },
];

export function tagRuleById(id: string): TagRule | undefined {
  return TAG_RULES.find((rule) => rule.id === id);
}

/** A tag a rule adds to a conversation. */
export type RuleTagging = { conversationId: string; ruleId: TagRuleId; tag: string };

/**
 * What the events just appended tag: each (conversation, tag) once, by the first rule that adds
 * it. An event without a conversation tags nothing.
 */
export function ruleTaggings(
  events: readonly (RuleEvent & { conversationId: string | null })[],
): RuleTagging[] {
  const taggings = new Map<string, RuleTagging>();
  for (const event of events) {
    if (!event.conversationId) continue;
    for (const rule of TAG_RULES) {
      if (!rule.matches(event)) continue;
      const key = `${event.conversationId}\u0000${tagKey(rule.tag)}`;
      if (!taggings.has(key)) {
        taggings.set(key, { conversationId: event.conversationId, ruleId: rule.id, tag: rule.tag });
      }
    }
  }
  return [...taggings.values()];
}
