import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bytesOverLimit, MAX_MESSAGE_CHARS, MAX_NEW_EMAIL_REQUEST_BYTES } from "./message-limits";

const request = (body: string) => ({ from: "maya@example.com", subject: "Hi", body });

describe("bytesOverLimit", () => {
  it("counts the request as the server reads it, in UTF-8 bytes of its JSON", () => {
    expect(bytesOverLimit(request("hello"), MAX_NEW_EMAIL_REQUEST_BYTES)).toBe(0);
    const json = JSON.stringify(request("🙂"));
    expect(bytesOverLimit(request("🙂"), json.length)).toBe(2);
    expect(bytesOverLimit(request('"'), JSON.stringify(request("")).length)).toBe(2);
  });

  it("finds a message the server refuses though it is within the character limit", () => {
    const controlCharacters = "\u0001".repeat(MAX_MESSAGE_CHARS);
    expect(bytesOverLimit(request(controlCharacters), MAX_NEW_EMAIL_REQUEST_BYTES)).toBe(
      new TextEncoder().encode(JSON.stringify(request(controlCharacters))).length -
        MAX_NEW_EMAIL_REQUEST_BYTES,
    );
    expect(bytesOverLimit(request(controlCharacters), MAX_NEW_EMAIL_REQUEST_BYTES)).toBeGreaterThan(
      0,
    );
  });

  it("is zero exactly when the request fits", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.nat({ max: 2_000 }), (body, limit) => {
        const size = new TextEncoder().encode(JSON.stringify(request(body))).length;
        expect(bytesOverLimit(request(body), limit) === 0).toBe(size <= limit);
      }),
    );
  });
});
