import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatMoneyIn, SUPPORTED_LANGUAGES } from "./languages";
import { renderSavedReply, type SavedReplyFacts } from "./saved-reply-render";
import {
  parseTemplate,
  printTemplate,
  SAVED_REPLY_VARIABLES,
  type TemplateSegment,
} from "./saved-reply-template";

const facts: SavedReplyFacts = {
  language: "en",
  customerName: "Maya  Lopez",
  orderNumber: "#1042",
  openQuote: { amountCents: 4800, currency: "USD" },
  agentName: "Avery Agent",
};

function render(body: string, with_: Partial<SavedReplyFacts> = {}) {
  const parsed = parseTemplate(body);
  if (!parsed.ok) throw new Error(parsed.problems[0]?.message);
  return renderSavedReply(parsed.segments, { ...facts, ...with_ });
}

describe("renderSavedReply", () => {
  it("fills every variable from the facts", () => {
    expect(
      render(
        "Hi {{customer.first_name}} ({{customer.name}}), order {{order.number}}: {{quote.amount}}. — {{agent.first_name}}",
      ),
    ).toEqual({ ok: true, text: "Hi Maya (Maya Lopez), order #1042: $48.00. — Avery" });
  });

  it("formats the amount in the conversation's language", () => {
    expect(render("{{quote.amount}}", { language: "de" })).toEqual({
      ok: true,
      text: formatMoneyIn("de", 4800, "USD"),
    });
  });

  it("lists the variables with no value instead of inserting blanks", () => {
    expect(
      render("{{customer.first_name}} {{quote.amount}} {{order.number}} {{quote.amount}}", {
        openQuote: null,
        orderNumber: null,
        customerName: "   ",
      }),
    ).toEqual({ ok: false, missing: ["customer.first_name", "quote.amount", "order.number"] });
  });

  it("does not insert a stored value with braces in it", () => {
    expect(render("Hi {{customer.name}}", { customerName: "{{quote.amount}}" })).toEqual({
      ok: false,
      missing: ["customer.name"],
    });
  });
});

const variable = fc.constantFrom(...SAVED_REPLY_VARIABLES);
/** Text with single braces but never two in a row, and no digits, so amounts are easy to find. */
const text = fc
  .array(fc.constantFrom("a", "B", " ", ",", ".", "{", "}", "\n", "é", "$", "€"), {
    minLength: 1,
    maxLength: 12,
  })
  .map((chars) => chars.join(""));
const segments = fc
  .array(
    fc.oneof(
      text.map((t): TemplateSegment => ({ kind: "text", text: t })),
      variable.map((name): TemplateSegment => ({ kind: "variable", name })),
    ),
    { maxLength: 8 },
  )
  .map((list) => {
    const merged: TemplateSegment[] = [];
    for (const segment of list) {
      const last = merged.at(-1);
      if (segment.kind === "text" && last?.kind === "text") last.text += segment.text;
      else merged.push({ ...segment });
    }
    return merged;
  })
  .filter((list) => list.every((s) => s.kind === "variable" || !/\{\{|\}\}/.test(s.text)));
const name = fc
  .array(fc.constantFrom("a", "Z", "é", " ", "-", "'", "{", "}"), { maxLength: 10 })
  .map((chars) => chars.join(""));
const factsArbitrary = fc.record({
  language: fc.constantFrom(...SUPPORTED_LANGUAGES),
  customerName: fc.option(name),
  orderNumber: fc.option(fc.constantFrom("#1042", "A-77", "order")),
  openQuote: fc.option(
    fc.record({
      amountCents: fc.integer({ min: 0, max: 10_000_000 }),
      currency: fc.constantFrom("USD", "EUR", "JPY"),
    }),
  ),
  agentName: fc.option(name),
});

describe("saved reply properties", () => {
  it("parses what it prints back to the same segments", () => {
    fc.assert(
      fc.property(segments, (list) => {
        expect(parseTemplate(printTemplate(list))).toEqual({ ok: true, segments: list });
      }),
    );
  });

  it("never leaves {{ in a rendered reply", () => {
    fc.assert(
      fc.property(segments, factsArbitrary, (list, ticket) => {
        const rendered = renderSavedReply(list, ticket);
        if (rendered.ok) expect(rendered.text).not.toContain("{{");
      }),
    );
  });

  it("never shows an amount that is not the open quote's", () => {
    fc.assert(
      fc.property(segments, factsArbitrary, (list, ticket) => {
        const rendered = renderSavedReply(list, ticket);
        if (!rendered.ok) return;
        const quote = ticket.openQuote
          ? formatMoneyIn(ticket.language, ticket.openQuote.amountCents, ticket.openQuote.currency)
          : null;
        const withoutFacts = [quote, ticket.orderNumber].reduce<string>(
          (rest, fact) => (fact ? rest.split(fact).join("") : rest),
          rendered.text,
        );
        expect(withoutFacts).not.toMatch(/\d/);
      }),
    );
  });

  it("renders only when every variable used has a value", () => {
    fc.assert(
      fc.property(segments, factsArbitrary, (list, ticket) => {
        const rendered = renderSavedReply(list, ticket);
        const usesQuote = list.some((s) => s.kind === "variable" && s.name === "quote.amount");
        if (usesQuote && ticket.openQuote === null) expect(rendered.ok).toBe(false);
        if (!rendered.ok) expect(rendered.missing.length).toBeGreaterThan(0);
      }),
    );
  });
});
