import { describe, expect, it } from "vitest";
import { alreadyDecided } from "@/app/(staff)/approvals/decision-outcome";

describe("alreadyDecided", () => {
  it("names who decided first, and how, from the problem's extensions", () => {
    const outcome = alreadyDecided({
      code: "ALREADY_DECIDED",
      decision: "rejected",
      decidedBy: { id: "u1", name: "Ada Admin" },
      decidedAt: "2026-01-02T03:04:05.000Z",
    });
    expect(outcome.tone).toBe("warning");
    expect(outcome.message).toMatch(
      /^Already rejected by Ada Admin at .+\. Your decision was not applied/,
    );
  });

  it("says nothing it cannot read when the extensions are not of the declared shape", () => {
    const outcome = alreadyDecided({ code: "ALREADY_DECIDED", decision: "paid", decidedBy: "Ada" });
    expect(outcome.message).toMatch(/^Already decided by another approver\. /);
  });
});
