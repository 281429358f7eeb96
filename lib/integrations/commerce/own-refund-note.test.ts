import { describe, expect, it } from "vitest";
import { ownRefundNote, pendingActionOfNote, traceOfNote } from "./own-refund-note";

describe("the note on Countersign's own refunds", () => {
  it("names the pending action, and reads it back", () => {
    const note = ownRefundNote("cm1abc_9-Z");
    expect(note).toBe("Refund by Countersign (countersign:cm1abc_9-Z)");
    expect(pendingActionOfNote(note)).toBe("cm1abc_9-Z");
  });

  it("carries the quote and conversation for reconciliation, still readable by the action alone", () => {
    const note = ownRefundNote("pa_1", { quoteHash: "9f2c", conversationId: "cv_1" });
    expect(pendingActionOfNote(note)).toBe("pa_1");
    expect(traceOfNote(note)).toEqual({
      pendingActionId: "pa_1",
      quoteHash: "9f2c",
      conversationId: "cv_1",
    });
  });

  it("finds nothing in a refund made in the store's admin", () => {
    expect(pendingActionOfNote("Customer changed their mind")).toBeNull();
    expect(pendingActionOfNote(null)).toBeNull();
    expect(traceOfNote(ownRefundNote("pa_1"))).toBeNull();
  });
});
