import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { completeSentences, readPartialJsonString, replyCandidate } from "./reply-preview";

describe("readPartialJsonString", () => {
  it.each([
    ['{"bo', null],
    ['{"body"', null],
    ['{"body": ', null],
    ['{"body": "', ""],
    ['{"body": "Hello, wor', "Hello, wor"],
    ['{"body":"Line one\\nLine', "Line one\nLine"],
    ['{"body":"Tab\\', "Tab"],
    ['{"body":"caf\\u00', "caf"],
    ['{"body":"caf\\u00e9 ok"}', "café ok"],
    ['{"body":"\\ud83d', ""],
    ['{"body":"\\ud83d\\ude00!"}', "😀!"],
    ['{"note": "x, \\"body\\": no", "body": "yes', "yes"],
    ['{"n": [1, {"body": "inner"}], "body": "outer', "outer"],
    ['{"n": 12, "body": "after a number', "after a number"],
    ['{"note": "still open', null],
    ["not json", null],
  ])("%s → %j", (json, expected) => {
    expect(readPartialJsonString(json, "body")).toBe(expected);
  });

  it("every prefix of an encoded object reads as a prefix of its field, and all of it at the end", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "grapheme" }),
        fc.dictionary(
          fc.string().filter((key) => key !== "body"),
          fc.jsonValue(),
          {
            maxKeys: 3,
          },
        ),
        fc.boolean(),
        (body, others, bodyFirst) => {
          const json = JSON.stringify(bodyFirst ? { body, ...others } : { ...others, body });
          for (let end = 0; end <= json.length; end += 1) {
            const read = readPartialJsonString(json.slice(0, end), "body");
            if (read !== null) expect(body.startsWith(read)).toBe(true);
          }
          expect(readPartialJsonString(json, "body")).toBe(body);
        },
      ),
    );
  });
});

describe("completeSentences", () => {
  it.each([
    ["", ""],
    ["Thanks for waiting", ""],
    ["Thanks for waiting.", ""],
    ["Thanks for waiting. I have", "Thanks for waiting."],
    ["The refund is $48.00 to", ""],
    ["The refund is $48.00. Next", "The refund is $48.00."],
    ["Is that right? Yes", "Is that right?"],
    ['He said "done." Then', 'He said "done."'],
    ["**Sorted.** More", "**Sorted.**"],
    ["First line\nsecond", "First line"],
    ["One. Two! Three", "One. Two!"],
  ])("%j → %j", (text, expected) => {
    expect(completeSentences(text)).toBe(expected);
  });

  it("is always a prefix of the text, and of the text with more appended", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (text, more) => {
        const done = completeSentences(text);
        expect(text.startsWith(done)).toBe(true);
        expect((text + more).startsWith(done)).toBe(true);
      }),
    );
  });
});

describe("replyCandidate", () => {
  const reply = (argumentsJson: string) => ({ name: "send_customer_message", argumentsJson });

  it("is the reply call's body so far", () => {
    const draft = { text: "Replying to the customer.", calls: [reply('{"body":"Hi Sam')] };
    expect(replyCandidate(draft, true)).toBe("Hi Sam");
  });

  it("is the plain text when no tool is called and the text would be delivered", () => {
    expect(replyCandidate({ text: "Hello", calls: [] }, true)).toBe("Hello");
  });

  it("is nothing for text beside another tool call, or after the run has replied", () => {
    const lookup = { name: "lookup_order", argumentsJson: "{}" };
    expect(replyCandidate({ text: "Let me look.", calls: [lookup] }, true)).toBeNull();
    expect(replyCandidate({ text: "Hello", calls: [] }, false)).toBeNull();
  });

  it("is the body of a reply even when the run has replied (the tool decides whether it sends)", () => {
    expect(replyCandidate({ text: "", calls: [reply('{"body":"More')] }, false)).toBe("More");
  });
});
