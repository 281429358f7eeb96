import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { renderEmailBody } from "./render-email-body";

const QUOTE = [
  "Here is your quote for order **A1043**:",
  "",
  "| Item | Qty | Refund |",
  "|---|---:|---:|",
  "| Rain jacket | 1 | $80.10 |",
  "| Wool socks | 2 | $12.00 |",
  "",
  "See [our refund policy](https://shop.example/policy) or reply _yes_.",
].join("\n");

/** What a reader would see as Markdown left in a plain-text email. */
const MARKDOWN_SYNTAX = /\||\*\*|__|`|\]\(|^#{1,6} /m;

describe("renderEmailBody", () => {
  it("turns a quote table into aligned columns in plain text, with no Markdown left", () => {
    const { text } = renderEmailBody(QUOTE);
    expect(text).not.toMatch(/\||\*\*|\]\(/);
    expect(text).toContain("Here is your quote for order A1043:");
    expect(text).toContain(
      [
        "Item         Qty  Refund",
        "-----------  ---  ------",
        "Rain jacket    1  $80.10",
        "Wool socks     2  $12.00",
      ].join("\n"),
    );
    expect(text).toContain("See our refund policy (https://shop.example/policy) or reply yes.");
  });

  it("renders the same text as HTML with a real table, and drops raw HTML", () => {
    const { html } = renderEmailBody(`${QUOTE}\n\n<script>alert(1)</script>`);
    expect(html).toMatch(/<table[^>]*>/);
    expect(html).toContain("<td>Rain jacket</td>");
    expect(html).toContain("<strong>A1043</strong>");
    expect(html).not.toContain("<script>");
  });

  it("keeps lists readable and every word of the text", () => {
    const { text } = renderEmailBody("Refunded:\n\n- Rain jacket × 1\n- Wool socks × 2\n\nThanks!");
    expect(text).toBe("Refunded:\n\n- Rain jacket × 1\n- Wool socks × 2\n\nThanks!\n");
  });

  it("leaves no table pipes or bold markers in the plain part of any table", () => {
    const cell = fc.stringMatching(/^[A-Za-z0-9$.,× ]{1,12}$/);
    fc.assert(
      fc.property(fc.array(fc.tuple(cell, cell), { minLength: 1, maxLength: 5 }), (rows) => {
        const markdown = [
          "| **Item** | Amount |",
          "|---|---:|",
          ...rows.map(([a, b]) => `| ${a} | ${b} |`),
        ].join("\n");
        const { text, html } = renderEmailBody(markdown);
        expect(text).not.toMatch(MARKDOWN_SYNTAX);
        expect(html).toContain("<table");
      }),
    );
  });
});
