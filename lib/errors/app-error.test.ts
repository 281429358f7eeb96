import { describe, expect, it } from "vitest";
import { AppError, type ErrorCode, errorStatus, errorTitle, isAppError } from "./app-error";

describe("error table", () => {
  it.each<[ErrorCode, number]>([
    ["INVALID_JSON", 400],
    ["MALFORMED_PATH", 400],
    ["UNAUTHENTICATED", 401],
    ["FORBIDDEN", 403],
    ["CROSS_ORIGIN_REJECTED", 403],
    ["NOT_FOUND", 404],
    ["CONFLICT", 409],
    ["ALREADY_DECIDED", 409],
    ["PAYLOAD_TOO_LARGE", 413],
    ["UNSUPPORTED_MEDIA_TYPE", 415],
    ["VALIDATION_FAILED", 422],
    ["RATE_LIMITED", 429],
    ["INTERNAL", 500],
    ["SERVICE_UNAVAILABLE", 503],
  ])("%s answers %i", (code, status) => {
    expect(errorStatus[code]).toBe(status);
    expect(new AppError(code).status).toBe(status);
  });

  it("names every code in UPPER_SNAKE and gives each a title", () => {
    for (const code of Object.keys(errorStatus) as ErrorCode[]) {
      expect(code).toMatch(/^[A-Z]+(_[A-Z]+)*$/);
      expect(errorTitle[code]).toBeTruthy();
    }
  });

  it("only maps to client or server error statuses", () => {
    for (const status of Object.values(errorStatus)) {
      expect(status).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(600);
    }
  });
});

describe("AppError", () => {
  it("uses the title as message when no detail is given", () => {
    expect(new AppError("NOT_FOUND").message).toBe("Not found");
  });

  it("keeps detail, field errors, extensions and cause", () => {
    const cause = new Error("db");
    const error = new AppError("VALIDATION_FAILED", "Bad note", {
      errors: [{ path: "body.note", message: "Required" }],
      extensions: { hint: "x" },
      cause,
    });
    expect(error.message).toBe("Bad note");
    expect(error.errors).toEqual([{ path: "body.note", message: "Required" }]);
    expect(error.extensions).toEqual({ hint: "x" });
    expect(error.cause).toBe(cause);
    expect(isAppError(error)).toBe(true);
    expect(isAppError(new Error("plain"))).toBe(false);
  });
});
