import { describe, expect, it } from "vitest";
import {
  INVALID_CREDENTIALS,
  linkErrorMessage,
  lockedError,
  signInErrorMessage,
} from "./sign-in-error";

describe("signInErrorMessage", () => {
  it("says wrong email or password without telling which", () => {
    expect(signInErrorMessage(INVALID_CREDENTIALS)).toBe("Wrong email or password.");
  });

  it("says how long the server asked to wait", () => {
    expect(signInErrorMessage(lockedError(30))).toBe("Too many attempts, try again in 30 seconds.");
    expect(signInErrorMessage(lockedError(1))).toBe("Too many attempts, try again in 1 second.");
    expect(signInErrorMessage(lockedError(61))).toBe("Too many attempts, try again in 2 minutes.");
  });

  it("has a generic message for anything else", () => {
    expect(signInErrorMessage("OAuthSignin")).toBe("Sign-in failed. Please try again.");
  });
});

describe("linkErrorMessage", () => {
  it("never takes a wait time from the address bar", () => {
    expect(linkErrorMessage("LOCKED:59940")).toBe(
      "Too many attempts, wait a little and try again.",
    );
    expect(linkErrorMessage(INVALID_CREDENTIALS)).toBe("Wrong email or password.");
  });
});
