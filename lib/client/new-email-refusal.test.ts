import { describe, expect, it } from "vitest";
import { describeNewEmailRefusal, tooLongEmailMessage } from "./new-email-refusal";

describe("tooLongEmailMessage", () => {
  it("says by how much when that is known", () => {
    expect(tooLongEmailMessage(12)).toContain("too long to send by about 12 bytes.");
  });

  it("leaves the amount out when it is not", () => {
    expect(tooLongEmailMessage(null)).toMatch(/^This email is too long to send\. /);
  });
});

describe("describeNewEmailRefusal", () => {
  it("reads a 413 as too long", () => {
    expect(describeNewEmailRefusal({ status: 413, detail: "Payload too large" })).toBe(
      tooLongEmailMessage(null),
    );
  });

  it("gives the field messages alone when there are any", () => {
    const problem = {
      status: 400,
      detail: "Invalid request",
      errors: [
        { path: "from", message: "Enter an email address." },
        { path: "subject", message: "Write a subject." },
      ],
    };
    expect(describeNewEmailRefusal(problem)).toBe("Enter an email address. Write a subject.");
  });

  it("falls back to the problem's detail", () => {
    expect(describeNewEmailRefusal({ status: 409, detail: "Already sent." })).toBe("Already sent.");
  });
});
