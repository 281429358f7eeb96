import { describe, expect, it } from "vitest";
import { isLauncherMessage } from "./launcher-message";

describe("isLauncherMessage", () => {
  it("accepts the message of that type", () => {
    expect(isLauncherMessage({ type: "countersign:opened" }, "countersign:opened")).toBe(true);
  });

  it("refuses another type, and data that is not a message object", () => {
    expect(isLauncherMessage({ type: "countersign:close" }, "countersign:opened")).toBe(false);
    for (const data of [null, undefined, "countersign:opened", 1, {}, { kind: "opened" }]) {
      expect(isLauncherMessage(data, "countersign:opened")).toBe(false);
    }
  });
});
