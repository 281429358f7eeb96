import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { redactCredentials } from "./redact-credentials";

const keyCharacters = fc.constantFrom(
  ..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789",
);

describe("redactCredentials", () => {
  it("leaves no key or signing secret whole, whatever surrounds it", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("sk_live_", "sk_test_", "rk_live_", "rk_test_", "whsec_", "pk_live_"),
        fc.string({ unit: keyCharacters, minLength: 16, maxLength: 120 }),
        fc.string(),
        fc.string(),
        (prefix, body, before, after) => {
          const secret = `${prefix}${body}`;
          const redacted = redactCredentials(`${before} ${secret} ${after}`);
          expect(redacted).not.toContain(secret);
          expect(redacted).not.toContain(body.slice(0, 12));
        },
      ),
    );
  });

  it("keeps the prefix and last four so the person can tell which key it was", () => {
    expect(
      redactCredentials("Invalid API Key provided: sk_test_51Habcdefghijklmnop1234. Check it."),
    ).toBe("Invalid API Key provided: sk_test_…1234. Check it.");
  });

  it("leaves ordinary sentences alone", () => {
    const text =
      "No such payment_intent: connection timed out after 10000 ms (ECONNREFUSED 127.0.0.1:443)";
    expect(redactCredentials(text)).toBe(text);
  });
});
