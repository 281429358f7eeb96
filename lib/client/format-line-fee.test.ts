import { describe, expect, it } from "vitest";
import { formatLineFee } from "./format-line-fee";

describe("formatLineFee", () => {
  it("says none for a line without a fee", () => {
    expect(formatLineFee({ feeCents: 0, feeRateBasisPoints: 0 }, "USD")).toBe("none");
  });

  it("shows the amount taken off and its rate", () => {
    expect(formatLineFee({ feeCents: 750, feeRateBasisPoints: 1500 }, "USD")).toBe("−$7.50 (15%)");
  });
});
