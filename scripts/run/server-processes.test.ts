import { describe, expect, it } from "vitest";
import { serverProcesses } from "./server-processes";

describe("serverProcesses", () => {
  it("is one process unless WEB_CONCURRENCY says more", () => {
    expect(serverProcesses(undefined)).toBe(1);
    expect(serverProcesses(" ")).toBe(1);
    expect(serverProcesses("2")).toBe(2);
  });

  it("names the variable when the value is not a process count", () => {
    for (const value of ["0", "-1", "1.5", "two", "65"]) {
      expect(() => serverProcesses(value)).toThrow(/WEB_CONCURRENCY/);
    }
  });
});
