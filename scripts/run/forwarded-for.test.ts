import { describe, expect, it } from "vitest";
import { clientSourceFromHeaders, trustedProxyList } from "@/lib/auth/client-ip";
import { orderCheckIpKey } from "@/lib/auth/widget-order-check-throttle";
import { appendPeerToForwardedFor } from "./forwarded-for.mjs";

function sourceSeen(
  sent: Record<string, string | string[] | undefined>,
  peer: string | undefined,
  trusted: string[] = [],
) {
  const headers = { ...sent };
  appendPeerToForwardedFor(headers, peer);
  return clientSourceFromHeaders(headers, trustedProxyList(trusted));
}

describe("appendPeerToForwardedFor", () => {
  it("makes the socket address the client when no proxy is trusted, whatever the header says", () => {
    const spoofs = [
      {},
      { "x-forwarded-for": "1.2.3.4" },
      { "x-forwarded-for": ["5.6.7.8", "9.9.9.9"] },
    ];
    const keys = spoofs.map((sent) => orderCheckIpKey(sourceSeen(sent, "203.0.113.7") ?? ""));
    expect(new Set(keys)).toEqual(new Set([orderCheckIpKey("203.0.113.7")]));
  });

  it("takes the address a trusted proxy saw, and only from a trusted proxy", () => {
    expect(
      sourceSeen({ "x-forwarded-for": "1.2.3.4, 198.51.100.9" }, "10.0.0.1", ["10.0.0.1"]),
    ).toBe("198.51.100.9");
    expect(sourceSeen({ "x-forwarded-for": "198.51.100.9" }, "10.0.0.2", ["10.0.0.1"])).toBe(
      "10.0.0.2",
    );
  });

  it("leaves no client-written address when the socket address is unknown", () => {
    expect(sourceSeen({ "x-forwarded-for": "1.2.3.4" }, undefined)).toBeNull();
  });
});
