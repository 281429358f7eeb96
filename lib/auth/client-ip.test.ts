import { describe, expect, it } from "vitest";
import { clientSourceFromHeaders, isLoopbackAddress, trustedProxyList } from "./client-ip";

const none = trustedProxyList([]);
const proxies = trustedProxyList(["10.0.0.1", "10.1.0.0/16", "fd00::/8"]);

describe("clientSourceFromHeaders", () => {
  it("ignores what the client wrote left of the hop its trusted proxy appended", () => {
    const headers = { "x-forwarded-for": "198.51.100.99, 203.0.113.7, 10.0.0.1" };
    expect(clientSourceFromHeaders(headers, proxies)).toBe("203.0.113.7");
  });

  it("cannot be steered by rotating the first X-Forwarded-For value", () => {
    for (const spoofed of ["1.1.1.1", "2.2.2.2", "3.3.3.3"]) {
      const headers = { "x-forwarded-for": `${spoofed}, 203.0.113.7, 10.1.4.2` };
      expect(clientSourceFromHeaders(headers, proxies)).toBe("203.0.113.7");
    }
  });

  it("uses the rightmost address when no proxy is trusted", () => {
    expect(clientSourceFromHeaders({ "x-forwarded-for": "1.1.1.1, 203.0.113.7" }, none)).toBe(
      "203.0.113.7",
    );
  });

  it("reads Headers objects and repeated headers, and maps IPv4 over IPv6", () => {
    const headers = new Headers({ "x-forwarded-for": "::ffff:203.0.113.7" });
    expect(clientSourceFromHeaders(headers, none)).toBe("203.0.113.7");
    expect(
      clientSourceFromHeaders({ "x-forwarded-for": ["203.0.113.7", "fd00::1"] }, proxies),
    ).toBe("203.0.113.7");
  });

  it("ignores X-Real-IP and anything that is not an address", () => {
    expect(clientSourceFromHeaders({ "x-real-ip": "198.51.100.2" }, none)).toBeNull();
    expect(clientSourceFromHeaders({ "x-forwarded-for": "unknown, ../etc" }, none)).toBeNull();
    expect(clientSourceFromHeaders({}, none)).toBeNull();
  });

  it("falls back to the farthest proxy when every hop is trusted", () => {
    expect(clientSourceFromHeaders({ "x-forwarded-for": "10.1.0.5, 10.0.0.1" }, proxies)).toBe(
      "10.1.0.5",
    );
  });
});

describe("trustedProxyList", () => {
  it("refuses names and bad prefixes", () => {
    expect(() => trustedProxyList(["proxy.internal"])).toThrow(/not an IP/);
    expect(() => trustedProxyList(["10.0.0.0/40"])).toThrow(/prefix/);
  });
});

describe("isLoopbackAddress", () => {
  it("is true for this machine's addresses only, and false for an unknown client", () => {
    for (const address of ["127.0.0.1", "127.8.0.1", "::1", "::ffff:127.0.0.1"]) {
      expect(isLoopbackAddress(address)).toBe(true);
    }
    for (const address of ["192.168.1.20", "10.0.0.1", "::", "0.0.0.0", "fe80::1", "", null]) {
      expect(isLoopbackAddress(address)).toBe(false);
    }
  });
});
