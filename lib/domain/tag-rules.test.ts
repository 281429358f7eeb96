import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AUDIT_EVENT_KINDS } from "./audit-events";
import { tagNameSchema } from "./tag-name";
import { ruleTaggings, TAG_RULE_IDS, TAG_RULES, tagRuleById } from "./tag-rules";

const at = (kind: string, payload: unknown, conversationId: string | null = "c1") => ({
  kind,
  payload,
  conversationId,
});

describe("tag rules", () => {
  it("has one rule per id, each reading a registered kind and adding a valid tag name", () => {
    expect(TAG_RULES.map((rule) => rule.id)).toEqual([...TAG_RULE_IDS]);
    for (const rule of TAG_RULES) {
      expect(tagNameSchema.parse(rule.tag)).toBe(rule.tag);
      expect(tagRuleById(rule.id)).toBe(rule);
    }
    expect(Object.keys(AUDIT_EVENT_KINDS)).toEqual(
      expect.arrayContaining([
        "pending_action.created",
        "dispute.opened",
        "conversation.flagged_for_person",
        "pending_action.approved",
        "pending_action.failed",
      ]),
    );
  });

  it("tags a refund proposed for a merchant-fault reason, and not one for the customer's reason", () => {
    expect(
      ruleTaggings([at("pending_action.created", { reason: "damaged", merchantFault: true })]),
    ).toEqual([{ conversationId: "c1", ruleId: "merchant_fault_refund", tag: "merchant-fault" }]);
    expect(
      ruleTaggings([at("pending_action.created", { reason: "too_small", merchantFault: false })]),
    ).toEqual([]);
    // Rows written before the flag existed say nothing about fault: no tag.
    expect(ruleTaggings([at("pending_action.created", { reason: "damaged" })])).toEqual([]);
  });

  it("tags disputes, hand-offs, approvals and failed refunds", () => {
    const tags = (kind: string) => ruleTaggings([at(kind, {})]).map((tagging) => tagging.tag);
    expect(tags("dispute.opened")).toEqual(["dispute-opened"]);
    expect(tags("conversation.flagged_for_person")).toEqual(["needs-a-person"]);
    expect(tags("pending_action.approved")).toEqual(["quote-approved"]);
    expect(tags("pending_action.failed")).toEqual(["refund-failed"]);
  });

  it("tags nothing for an event without a conversation, or a kind no rule reads", () => {
    expect(ruleTaggings([at("dispute.opened", {}, null)])).toEqual([]);
    expect(ruleTaggings([at("ticket.assigned", {}), at("conversation.tagged", {})])).toEqual([]);
  });

  it("adds each tag to each conversation once, however many events fire it", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            kind: fc.constantFrom(
              "dispute.opened",
              "conversation.flagged_for_person",
              "ticket.note_added",
            ),
            conversationId: fc.constantFrom("a", "b", "c"),
          }),
          { maxLength: 30 },
        ),
        (events) => {
          const taggings = ruleTaggings(events.map((event) => ({ ...event, payload: {} })));
          const pairs = taggings.map((tagging) => `${tagging.conversationId}/${tagging.tag}`);
          expect(new Set(pairs).size).toBe(pairs.length);
          const expected = new Set(
            events
              .filter((event) => event.kind !== "ticket.note_added")
              .map(
                (event) =>
                  `${event.conversationId}/${event.kind === "dispute.opened" ? "dispute-opened" : "needs-a-person"}`,
              ),
          );
          expect(new Set(pairs)).toEqual(expected);
        },
      ),
    );
  });
});
