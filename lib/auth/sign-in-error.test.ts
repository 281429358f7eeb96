import { describe, expect, it } from "vitest";
import { INVALID_CREDENTIALS, lockedError, signInErrorMessage } from "./sign-in-error";

describe("signInErrorMessage", () => {
  it("says wrong email or password without telling which", () => {
    expect(signInErrorMessage(INVALID_CREDENTIALS)).toBe("Wrong email or password.");
  });

  it("says how long a lock lasts", () => {
    expect(signInErrorMessage(lockedError(12))).toBe("Too many attempts, try again in 12 minutes.");
    expect(signInErrorMessage(lockedError(1))).toBe("Too many attempts, try again in 1 minute.");
  });

  it("has a generic message for anything else", () => {
    expect(signInErrorMessage("OAuthSignin")).toBe("Sign-in failed. Please try again.");
  });
});
