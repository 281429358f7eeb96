import { describe, expect, it } from "vitest";
import { clientIpFromHeaders } from "./client-ip";

describe("clientIpFromHeaders", () => {
  it("takes the first X-Forwarded-For hop", () => {
    expect(clientIpFromHeaders({ "x-forwarded-for": "203.0.113.7, 10.0.0.1" })).toBe("203.0.113.7");
  });

  it("falls back to X-Real-IP, then to nothing", () => {
    expect(clientIpFromHeaders({ "x-real-ip": "198.51.100.2" })).toBe("198.51.100.2");
    expect(clientIpFromHeaders({ "x-forwarded-for": " " })).toBeNull();
    expect(clientIpFromHeaders({})).toBeNull();
  });
});
