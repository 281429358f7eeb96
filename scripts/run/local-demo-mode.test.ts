import { describe, expect, it } from "vitest";
import { localDemoMode } from "./local-demo-mode";

describe("localDemoMode", () => {
  it("turns demo mode on for the embedded local start", () => {
    expect(localDemoMode({})).toEqual({ DEMO_MODE: "true" });
    expect(localDemoMode({ NODE_ENV: "development", DATABASE_URL: " " })).toEqual({
      DEMO_MODE: "true",
    });
  });

  it("leaves it off against another database or in production", () => {
    expect(localDemoMode({ DATABASE_URL: "postgres://db.internal/countersign" })).toEqual({});
    expect(localDemoMode({ NODE_ENV: "production" })).toEqual({});
  });

  it("never overrides an explicit DEMO_MODE", () => {
    expect(localDemoMode({ DEMO_MODE: "0" })).toEqual({});
    expect(localDemoMode({ DEMO_MODE: "true", DATABASE_URL: "postgres://x/y" })).toEqual({});
  });
});
