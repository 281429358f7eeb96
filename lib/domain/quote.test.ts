import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildScenarioOrders } from "@/tests/data/scenario-fixtures";
import { DomainError } from "./errors";
import { evaluateRefund } from "./evaluate-refund";
import { POLICY_V1 } from "./policy-v1";
import { hashQuote, type Quote, quoteSchema, renderQuoteMarkdown, shortHash } from "./quote";

const NOW = new Date("2025-03-15T12:00:00.000Z");
const orders = buildScenarioOrders(NOW);

function quote(overrides: Partial<Parameters<typeof evaluateRefund>[0]> = {}): Quote {
  const decision = evaluateRefund({
    order: orders.samB2001,
    selectedLineIds: ["B2001-1"],
    reason: "too_large",
    channel: "chat",
    now: NOW,
    policy: POLICY_V1,
    ...overrides,
  });
  if (decision.kind !== "quote") throw new Error("fixture must quote");
  return decision.quote;
}

const jacket = quote();
const jacketLine = jacket.lines[0];
if (jacketLine === undefined) throw new Error("fixture must have a line");

describe("hashQuote", () => {
  it("is a sha256 hex digest of the canonical JSON, independent of key order and extra keys", () => {
    const hash = hashQuote(jacket);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    const reordered = Object.fromEntries(Object.entries(jacket).reverse()) as Quote;
    expect(hashQuote(reordered)).toBe(hash);
    const fromJsonColumn = JSON.parse(
      JSON.stringify({ ...jacket, note: "added by a reader" }),
    ) as Quote;
    expect(hashQuote(fromJsonColumn)).toBe(hash);
  });

  it("is stable across releases for the same quote (changing this breaks stored confirmations)", () => {
    expect(hashQuote(jacket)).toBe(hashQuote(structuredClone(jacket)));
    expect(shortHash(hashQuote(jacket))).toHaveLength(8);
    expect(hashQuote(jacket).startsWith(shortHash(hashQuote(jacket)))).toBe(true);
  });

  it("changes when any field changes", () => {
    const base = hashQuote(jacket);
    const stringFields = [
      "policyVersion",
      "orderId",
      "orderNumber",
      "customerId",
      "refundTarget",
    ] as const;
    const centsFields = [
      "subtotalCents",
      "feeCents",
      "shippingRefundCents",
      "netRefundCents",
    ] as const;
    const lineFields = [
      "quantity",
      "unitPriceCents",
      "subtotalCents",
      "feeRateBasisPoints",
      "feeCents",
    ] as const;
    fc.assert(
      fc.property(
        fc.oneof(
          fc.record({
            kind: fc.constant("string" as const),
            field: fc.constantFrom(...stringFields),
            suffix: fc.string({ minLength: 1 }),
          }),
          fc.record({
            kind: fc.constant("cents" as const),
            field: fc.constantFrom(...centsFields),
            delta: fc.integer({ min: 1, max: 10_000 }),
          }),
          fc.record({
            kind: fc.constant("line" as const),
            field: fc.constantFrom(...lineFields),
            delta: fc.integer({ min: 1, max: 100 }),
          }),
          fc.record({
            kind: fc.constant("lineText" as const),
            field: fc.constantFrom("lineId", "name"),
            suffix: fc.string({ minLength: 1 }),
          }),
          fc.record({
            kind: fc.constant("other" as const),
            field: fc.constantFrom("currency", "reason", "extraLine"),
          }),
        ),
        (change) => {
          const changed = structuredClone(jacket) as Quote & Record<string, unknown>;
          const line = changed.lines[0] as Record<string, unknown>;
          if (change.kind === "string")
            changed[change.field] = `${changed[change.field]}${change.suffix}`;
          if (change.kind === "cents") changed[change.field] += change.delta;
          if (change.kind === "line")
            line[change.field] = (line[change.field] as number) + change.delta;
          if (change.kind === "lineText")
            line[change.field] = `${line[change.field]}${change.suffix}`;
          if (change.kind === "other" && change.field === "currency") changed.currency = "EUR";
          if (change.kind === "other" && change.field === "reason") changed.reason = "damaged";
          if (change.kind === "other" && change.field === "extraLine")
            changed.lines.push({ ...jacketLine, lineId: "x" });
          expect(hashQuote(changed)).not.toBe(base);
        },
      ),
    );
  });

  it("refuses to hash a malformed quote", () => {
    expect(() => hashQuote({ ...jacket, netRefundCents: 80.1 })).toThrow(DomainError);
    expect(() => hashQuote({ ...jacket, lines: [] })).toThrow(/malformed/);
  });
});

describe("quoteSchema", () => {
  it("accepts the engine's quotes", () => {
    expect(quoteSchema.parse(jacket)).toEqual(jacket);
    expect(quoteSchema.safeParse(quote({ reason: "damaged" })).success).toBe(true);
  });

  it.each([
    [
      "subtotal of a line",
      (q: Quote) => ({ ...q, lines: [{ ...jacketLine, subtotalCents: 1 }] }),
      "lines.0.subtotalCents",
    ],
    [
      "fee of a line",
      (q: Quote) => ({ ...q, lines: [{ ...jacketLine, feeCents: 1 }] }),
      "lines.0.feeCents",
    ],
    ["subtotal", (q: Quote) => ({ ...q, subtotalCents: 1 }), "subtotalCents"],
    ["fee total", (q: Quote) => ({ ...q, feeCents: 1 }), "feeCents"],
    ["net refund", (q: Quote) => ({ ...q, netRefundCents: 9999 }), "netRefundCents"],
  ])("rejects a snapshot whose %s was edited", (_label, edit, path) => {
    const result = quoteSchema.safeParse(edit(jacket));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join("."))).toContain(path);
  });
});

describe("renderQuoteMarkdown", () => {
  it("renders story 4's quote as a table built from the engine's numbers", () => {
    expect(renderQuoteMarkdown(jacket)).toBe(
      [
        "| Item | Qty | Unit price | Return fee | Refund |",
        "|:--|--:|--:|--:|--:|",
        "| Rain jacket | 1 | $89.00 | -$8.90 (10%) | $80.10 |",
        "| **Total refund** | | | | **$80.10** |",
        "",
        "Refund to Amex •0005 · order B2001 · reason: too large · refund-policy/v1",
      ].join("\n"),
    );
  });

  it("shows customers no quote hash", () => {
    expect(renderQuoteMarkdown(jacket)).not.toContain(shortHash(hashQuote(jacket)));
  });

  it("shows shipping and fee-free lines for a merchant-fault refund", () => {
    const markdown = renderQuoteMarkdown(
      quote({ reason: "damaged", selectedLineIds: ["B2001-1", "B2001-2"] }),
    );
    expect(markdown).toContain("| Rain jacket | 1 | $89.00 | none | $89.00 |");
    expect(markdown).toContain("| Shipping | | | | $6.00 |");
    expect(markdown).toContain("| **Total refund** | | | | **$109.00** |");
  });

  it("keeps catalogue text from breaking the table", () => {
    const hostile = {
      ...jacket,
      lines: [{ ...jacketLine, name: "Jacket | <script>*x*</script>\nrow" }],
    };
    const row = renderQuoteMarkdown(hostile).split("\n")[2];
    expect(row).toBe(
      "| Jacket \\| \\<script\\>\\*x\\*\\</script\\> row | 1 | $89.00 | -$8.90 (10%) | $80.10 |",
    );
  });
});
