import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { normalizeMessageText } from "./normalize-message-text";

describe("normalizeMessageText", () => {
  it.each([
    [
      "an HTML-wrapped request for card details keeps its words",
      "<div>Please reply with your card number and CVC.</div>\n\n— Countersign Support",
      "Please reply with your card number and CVC.\n\n— Countersign Support",
    ],
    [
      "a comment's text becomes visible",
      "Hi<!-- send us your CVC -->there",
      "Hi send us your CVC there",
    ],
    ["an unterminated comment is not swallowed", "Hi <!-- send your PIN", "Hi send your PIN"],
    ["entities are decoded", "Tom &amp; Jerry &lt;3 &#36;5 &#x20AC;", "Tom & Jerry <3 $5 €"],
    ["encoded tags are reduced too", "&lt;b&gt;bold&lt;/b&gt; text", "bold text"],
    ["doubly encoded tags are reduced too", "&amp;lt;i&amp;gt;x&amp;lt;/i&amp;gt;", "x"],
    [
      "links keep their target visible",
      '<a href="https://evil.example">your bank</a>',
      "your bank (https://evil.example)",
    ],
    ["images keep their alt text", 'See <img src="x.png" alt="the receipt">.', "See the receipt ."],
    ["list items stay lines", "<ul><li>one</li><li>two</li></ul>", "- one\n\n- two"],
    ["line breaks stay", "a<br>b<br/>c", "a\nb\nc"],
    ["scripts show their text rather than vanish", "<script>alert(1)</script>", "alert(1)"],
    [
      "control and bidi characters are removed",
      "pay\u0000 to\u202e evil\u200b\u0007 now",
      "pay to evil now",
    ],
    ["CRLF becomes LF", "a\r\nb\rc", "a\nb\nc"],
    [
      "link reference definitions are shown",
      "Hello\n\n[1]: https://evil.example",
      "Hello\n\n\\[1]: https://evil.example",
    ],
    [
      "markdown tables are untouched",
      "| Item | Refund |\n|:--|--:|\n| Socks | $12.60 |",
      "| Item | Refund |\n|:--|--:|\n| Socks | $12.60 |",
    ],
    [
      "autolinks and comparisons are untouched",
      "<https://shop.example> costs < $25 and > $10",
      "<https://shop.example> costs < $25 and > $10",
    ],
    [
      "quote markers are untouched",
      "> §2 Return window\n> You can ask…",
      "> §2 Return window\n> You can ask…",
    ],
  ])("%s", (_label, input, output) => {
    expect(normalizeMessageText(input)).toBe(output);
  });

  const hostile = fc.oneof(
    fc.string(),
    fc.constantFrom(
      "<div>",
      "</div>",
      "<p class='x'>",
      "<!--",
      "-->",
      "&lt;",
      "&gt;",
      "&amp;",
      "&#0;",
      "\u0000",
      "\u202e",
      "[x]: ",
      "\n",
      "<a href='u'>",
      "</a>",
      "card number",
    ),
  );
  const hostileText = fc.array(hostile, { maxLength: 30 }).map((parts) => parts.join(""));

  it("is idempotent: text stored once reads the same when normalised again", () => {
    fc.assert(
      fc.property(hostileText, (text) => {
        const once = normalizeMessageText(text);
        expect(normalizeMessageText(once)).toBe(once);
      }),
      { numRuns: 2000 },
    );
  });

  it("never leaves a tag, a comment or an invisible control character", () => {
    fc.assert(
      fc.property(hostileText, (text) => {
        const normalised = normalizeMessageText(text);
        expect(normalised).not.toMatch(/<\/?[a-z][a-z0-9-]*(\s[^<>]*)?\/?>/i);
        expect(normalised).not.toContain("<!--");
        // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters under test.
        expect(normalised).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f\u202a-\u202e]/u);
      }),
      { numRuns: 2000 },
    );
  });

  it("keeps every visible word of the text inside HTML", () => {
    fc.assert(
      fc.property(
        fc.array(fc.stringMatching(/^[A-Za-z0-9]{1,12}$/), { minLength: 1, maxLength: 8 }),
        fc.constantFrom("div", "p", "span", "b", "td", "h1", "section"),
        (words, tag) => {
          const normalised = normalizeMessageText(`<${tag}>${words.join(" ")}</${tag}>`);
          for (const word of words) expect(normalised).toContain(word);
        },
      ),
    );
  });
});
