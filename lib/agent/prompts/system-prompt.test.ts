import { describe, expect, it } from "vitest";
import type { ActionSnapshot } from "@/lib/agent/model/provider";
import { buildStateNote, SYSTEM_PROMPT } from "./system-prompt";

const action: ActionSnapshot = {
  id: "pa_1",
  status: "rejected",
  orderNumber: "B2001",
  lineNames: ["Rain jacket"],
  reason: "too_large",
  netRefundCents: 8010,
  currency: "USD",
  needsApproval: true,
  quoteMarkdown: "| Rain jacket |",
  returnFees: [],
  updatedAt: new Date(0).toISOString(),
  refundState: null,
  decision: {
    kind: "rejected",
    note: "Photos show the jacket was worn outside.\nTags were removed.",
    deciderName: "Pat Approver",
  },
};

const prompt = (actions: ActionSnapshot[], code: string | null = null) =>
  buildStateNote({
    conversationId: "c1",
    channel: "chat",
    customerName: "Sam Rivera",
    customerEmail: "sam@example.com",
    language: { code, source: code === null ? null : "detected" },
    actions,
  });

describe("the system prompt and the state note", () => {
  it("keeps the system prompt free of anything that changes per conversation or step", () => {
    expect(SYSTEM_PROMPT).not.toMatch(/Sam|pa_|awaiting_confirmation;/);
    const text = prompt([action]);
    expect(text).toContain("Sam Rivera <sam@example.com>");
    expect(text).toContain("- pa_1: rejected");
  });

  it("gives a real model the rejection reason as data, on the action's own line", () => {
    const line = prompt([action])
      .split("\n")
      .find((text) => text.startsWith("- pa_1:"));
    expect(line).toContain(
      'rejected by Pat Approver; reason for the customer: "Photos show the jacket was worn outside.\\nTags were removed."',
    );
  });

  it("does not hand the model an approval's team note to pass on", () => {
    const approved: ActionSnapshot = {
      ...action,
      status: "executed",
      decision: { kind: "approved", note: "Regular customer, fine.", deciderName: "Pat Approver" },
    };
    const text = prompt([approved]);
    expect(text).toContain("approved by Pat Approver");
    expect(text).not.toContain("Regular customer");
  });

  it("tells a real model where the refund stands at the payment provider, once one was made", () => {
    const executed: ActionSnapshot = { ...action, status: "executed", decision: null };
    expect(prompt([{ ...executed, refundState: "pending" }])).toContain(
      "executed; order B2001; Rain jacket; reason too_large; net refund 80.10 USD; needs staff approval; refund pending at the payment provider",
    );
    expect(prompt([executed])).not.toContain("at the payment provider");
  });

  it("names the conversation's language for a real model, and what to do when it is unknown or unsupported", () => {
    expect(prompt([], "es")).toContain("Language: Spanish (es); write to the customer in Spanish.");
    expect(prompt([], "ja")).toContain("Language: Japanese (ja)");
    expect(prompt([])).toContain(
      "Language: not known yet; answer in the language the customer writes in.",
    );
    expect(prompt([], "pl")).toContain(
      "Language: Polish, which we do not support; call hand_off_to_person.",
    );
  });

  it("tells a real model that money and outcomes travel only as statements, and how to hand over", () => {
    expect(SYSTEM_PROMPT).toContain("Write to the customer in the conversation's language");
    expect(SYSTEM_PROMPT).toMatch(
      /Money, a refund's status, approvals, denials and dates are stated only through the "statements" field/,
    );
    expect(SYSTEM_PROMPT).toContain("call hand_off_to_person");
  });
});
