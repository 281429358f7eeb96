import { describe, expect, it } from "vitest";
import { withoutNames } from "./without-names";

describe("withoutNames", () => {
  it("takes out whole names in any case, the longest first, and nothing inside a word", () => {
    const names = ["Wool socks", "Wool", 'Cast-iron skillet (12")'];
    expect(withoutNames("the wool SOCKS and the Woolworths bag", names)).toBe(
      "the   and the Woolworths bag",
    );
    expect(withoutNames('a Cast-iron skillet (12") please', names)).toBe("a   please");
  });

  it("leaves the text as it is when there are no names", () => {
    expect(withoutNames("Your refund was sent.", [" ", ""])).toBe("Your refund was sent.");
  });
});
