import { describe, expect, it } from "vitest";
import { trimQuotedReply } from "./trim-quoted-reply";

describe("trimQuotedReply", () => {
  it.each([
    [
      "Gmail quote",
      "Thanks, but I want all of it.\n\nOn Tue, 1 Dec 2026 at 10:00, Support <support@countersign.local> wrote:\n> Your refund of $31.50 is on its way.",
      "Thanks, but I want all of it.",
    ],
    [
      "quote header wrapped over two lines",
      "Fine.\n\nOn Tue, 1 Dec 2026 at 10:00, Countersign Support\n<support@countersign.local> wrote:\n> earlier",
      "Fine.",
    ],
    [
      "Outlook original message",
      "Please call me.\n-----Original Message-----\nFrom: Support\nSent: Monday\nSubject: Re: refund",
      "Please call me.",
    ],
    [
      "Outlook header block",
      "No thanks.\n\n________________________________\nFrom: Support <support@countersign.local>\nSent: Monday",
      "No thanks.",
    ],
    ["signature", "Yes please.\n-- \nMaya Chen\nSent from my phone", "Yes please."],
    ["interleaved quote lines", "> what you said\nMy answer\n> more of yours", "My answer"],
  ])("%s", (_name, input, expected) => {
    expect(trimQuotedReply(input)).toBe(expected);
  });

  it("keeps a sentence that merely starts with 'From:'", () => {
    expect(trimQuotedReply("From: my kitchen, the mug is fine.\nThe pot is cracked.")).toBe(
      "From: my kitchen, the mug is fine.\nThe pot is cracked.",
    );
  });

  it("keeps the whole text when everything would be trimmed", () => {
    expect(trimQuotedReply("> only a quote")).toBe("> only a quote");
  });
});
