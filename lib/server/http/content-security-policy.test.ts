import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, createNonce } from "./content-security-policy";

function directives(policy: string): Map<string, string> {
  return new Map(
    policy.split("; ").map((directive) => {
      const [name = "", ...values] = directive.split(" ");
      return [name, values.join(" ")];
    }),
  );
}

describe("contentSecurityPolicy", () => {
  it("allows only nonced scripts from this origin in production", () => {
    const csp = directives(
      contentSecurityPolicy({ nonce: "abc", development: false, https: false }),
    );
    expect(csp.get("script-src")).toBe("'self' 'nonce-abc' 'strict-dynamic'");
    expect(csp.get("style-src")).toBe("'self' 'nonce-abc'");
    expect(csp.get("frame-ancestors")).toBe("'none'");
    expect(csp.get("object-src")).toBe("'none'");
    expect(csp.get("base-uri")).toBe("'self'");
    expect(csp.has("upgrade-insecure-requests")).toBe(false);
  });

  it("never allows inline script, even in development", () => {
    for (const development of [true, false]) {
      const csp = contentSecurityPolicy({ nonce: "n", development, https: false });
      expect(directives(csp).get("script-src")).not.toContain("'unsafe-inline'");
    }
  });

  it("adds what the dev server needs only in development", () => {
    const csp = directives(contentSecurityPolicy({ nonce: "n", development: true, https: false }));
    expect(csp.get("script-src")).toContain("'unsafe-eval'");
    expect(csp.get("style-src")).toBe("'self' 'unsafe-inline'");
  });

  it("upgrades insecure requests when served over https", () => {
    const csp = contentSecurityPolicy({ nonce: "n", development: false, https: true });
    expect(directives(csp).has("upgrade-insecure-requests")).toBe(true);
  });
});

describe("createNonce", () => {
  it("returns 128 random bits, base64-encoded, different each time", () => {
    const nonce = createNonce();
    expect(Buffer.from(nonce, "base64")).toHaveLength(16);
    expect(createNonce()).not.toBe(nonce);
  });

  it("lets only the given origins frame a page, and nobody by default", () => {
    const widget = directives(
      contentSecurityPolicy({
        nonce: "n",
        development: false,
        https: false,
        frameAncestors: ["'self'", "https://shop.example.com"],
      }),
    );
    expect(widget.get("frame-ancestors")).toBe("'self' https://shop.example.com");
    const staff = directives(
      contentSecurityPolicy({ nonce: "n", development: false, https: false }),
    );
    expect(staff.get("frame-ancestors")).toBe("'none'");
  });
});
