import { describe, expect, it } from "vitest";
import { auditFilterQuery } from "./audit-filter-query";

describe("auditFilterQuery", () => {
  it("keeps the filters that were given and drops the page cursor and unknown keys", () => {
    const query = auditFilterQuery(
      { kind: "refund.executed", actor: "u1", before: "cursor", other: "x", from: "" },
      true,
    );
    expect(query.toString()).toBe("actor=u1&kind=refund.executed");
  });

  it("keeps nothing when the filters were not understood, as the page ignored them", () => {
    expect(auditFilterQuery({ kind: "refund.executed" }, false).toString()).toBe("");
  });
});
