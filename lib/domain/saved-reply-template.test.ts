import { describe, expect, it } from "vitest";
import { canEditSavedReply, canSeeSavedReply } from "./saved-reply-access";
import { parseTemplate, printTemplate, templateVariables } from "./saved-reply-template";

describe("parseTemplate", () => {
  it("reads text and variables, with spaces inside the braces allowed", () => {
    const parsed = parseTemplate("Hi {{customer.first_name}}, your refund is {{ quote.amount }}.");
    expect(parsed).toEqual({
      ok: true,
      segments: [
        { kind: "text", text: "Hi " },
        { kind: "variable", name: "customer.first_name" },
        { kind: "text", text: ", your refund is " },
        { kind: "variable", name: "quote.amount" },
        { kind: "text", text: "." },
      ],
    });
  });

  it("keeps single braces as text, and the last two of a run open the variable", () => {
    expect(parseTemplate("{a} {{{order.number}}}")).toEqual({
      ok: true,
      segments: [
        { kind: "text", text: "{a} {" },
        { kind: "variable", name: "order.number" },
        { kind: "text", text: "}" },
      ],
    });
  });

  it("names an unknown variable and where it is", () => {
    const parsed = parseTemplate("Hello\nthere {{customer.email}}");
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.problems).toEqual([
      expect.objectContaining({
        kind: "unknown_variable",
        name: "customer.email",
        position: 12,
        line: 2,
        column: 7,
      }),
    ]);
    expect(parsed.problems[0]?.message).toMatch(/^Line 2, column 7: "\{\{customer\.email\}\}"/);
  });

  it("reports an unclosed brace, a stray closing one and an empty pair, each at its place", () => {
    const parsed = parseTemplate("a {{customer.name b}} c {{}} {{order.number");
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.problems.map(({ kind, position }) => ({ kind, position }))).toEqual([
      { kind: "unknown_variable", position: 2 },
      { kind: "empty_variable", position: 24 },
      { kind: "unclosed", position: 29 },
    ]);
    const stray = parseTemplate("done }} here");
    expect(stray.ok ? [] : stray.problems.map((p) => [p.kind, p.column])).toEqual([
      ["stray_closing", 6],
    ]);
    const nested = parseTemplate("{{customer.name {{order.number}}");
    expect(nested.ok ? [] : nested.problems.map((p) => [p.kind, p.position])).toEqual([
      ["unclosed", 0],
    ]);
  });

  it("prints variables in their canonical form and lists each variable once", () => {
    const parsed = parseTemplate("{{ customer.name }} / {{customer.name}} / {{order.number}}");
    if (!parsed.ok) throw new Error("expected a template");
    expect(printTemplate(parsed.segments)).toBe(
      "{{customer.name}} / {{customer.name}} / {{order.number}}",
    );
    expect(templateVariables(parsed.segments)).toEqual(["customer.name", "order.number"]);
  });
});

describe("who sees and edits a saved reply", () => {
  const agent = { id: "staff-agent", role: "agent" as const };
  const admin = { id: "staff-admin", role: "admin" as const };

  it("shows shared replies to everyone and personal ones to their owner only", () => {
    expect(canSeeSavedReply({ ownerId: null }, agent)).toBe(true);
    expect(canSeeSavedReply({ ownerId: agent.id }, agent)).toBe(true);
    expect(canSeeSavedReply({ ownerId: agent.id }, admin)).toBe(false);
  });

  it("lets only admins edit shared replies, and only the owner a personal one", () => {
    expect(canEditSavedReply({ ownerId: null }, agent)).toBe(false);
    expect(canEditSavedReply({ ownerId: null }, { id: "p", role: "approver" })).toBe(false);
    expect(canEditSavedReply({ ownerId: null }, admin)).toBe(true);
    expect(canEditSavedReply({ ownerId: agent.id }, agent)).toBe(true);
    expect(canEditSavedReply({ ownerId: agent.id }, admin)).toBe(false);
  });
});
