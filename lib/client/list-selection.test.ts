import { describe, expect, it } from "vitest";
import { stepSelection } from "./list-selection";

const ids = ["a", "b", "c"];

describe("stepSelection", () => {
  it("selects nothing in an empty list", () => {
    expect(stepSelection([], null, "j")).toBeNull();
    expect(stepSelection([], "a", "k")).toBeNull();
  });

  it("starts at the first row whichever way it is asked to move", () => {
    expect(stepSelection(ids, null, "j")).toBe("a");
    expect(stepSelection(ids, null, "k")).toBe("a");
  });

  it("starts over at the first row when the selected one left the list", () => {
    expect(stepSelection(ids, "gone", "j")).toBe("a");
  });

  it("moves down with j and up with k", () => {
    expect(stepSelection(ids, "a", "j")).toBe("b");
    expect(stepSelection(ids, "c", "k")).toBe("b");
  });

  it("stays at either end", () => {
    expect(stepSelection(ids, "c", "j")).toBe("c");
    expect(stepSelection(ids, "a", "k")).toBe("a");
  });
});
