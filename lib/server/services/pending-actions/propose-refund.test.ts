import { describe, expect, it } from "vitest";
import { pendingActionIdFor } from "./propose-refund";

describe("pendingActionIdFor", () => {
  it("is stable for one tool call, so a retry finds the same action", () => {
    expect(pendingActionIdFor("run_1", "call_1")).toBe(pendingActionIdFor("run_1", "call_1"));
    expect(pendingActionIdFor("run_1", "call_1")).toMatch(/^pa_[0-9a-f]{24}$/);
  });

  it("differs between tool calls and runs", () => {
    const ids = new Set([
      pendingActionIdFor("run_1", "call_1"),
      pendingActionIdFor("run_1", "call_2"),
      pendingActionIdFor("run_2", "call_1"),
      pendingActionIdFor("run_1c", "all_1"),
    ]);
    expect(ids.size).toBe(4);
  });

  it("is fresh for every call made outside a run", () => {
    expect(pendingActionIdFor()).not.toBe(pendingActionIdFor());
  });
});
