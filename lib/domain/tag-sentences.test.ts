import { describe, expect, it } from "vitest";
import { type ActivityActorRow, tellActivity } from "./activity-sentences";

const names = { staff: new Map([["u-pat", "Pat"]]), customers: new Map<string, string>() };

function sentence(kind: string, actor: ActivityActorRow, payload: Record<string, unknown>) {
  const [line] = tellActivity(
    [{ id: "1", kind, subjectType: "conversation", subjectId: "conv-1", actor, payload, at: "" }],
    names,
  );
  return line?.sentence;
}

describe("tag activity sentences", () => {
  it("names the person who tagged or untagged", () => {
    const pat: ActivityActorRow = { kind: "staff", id: "u-pat" };
    const tag = { conversationId: "conv-1", tagId: "t-1", tag: "damaged-item" };
    expect(sentence("conversation.tagged", pat, { ...tag, rule: null })).toBe(
      "Pat tagged it damaged-item",
    );
    expect(sentence("conversation.untagged", pat, tag)).toBe("Pat removed the tag damaged-item");
  });

  it("names the rule that tagged", () => {
    expect(
      sentence(
        "conversation.tagged",
        { kind: "system", id: null },
        { conversationId: "conv-1", tagId: "t-2", tag: "dispute-opened", rule: "dispute_opened" },
      ),
    ).toBe("A rule (Dispute opened) tagged it dispute-opened");
  });
});
