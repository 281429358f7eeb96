import { describe, expect, it } from "vitest";
import { agentToolSpecs } from "./registry";

describe("the tools the model sees", () => {
  const specs = agentToolSpecs();

  it("are the seven agent tools", () => {
    expect(specs.map((spec) => spec.name).sort()).toEqual([
      "answer_policy_question",
      "check_refund_policy",
      "leave_team_note",
      "lookup_order",
      "open_billing_dispute",
      "propose_refund",
      "send_customer_message",
    ]);
  });

  it.each(specs.map((spec) => [spec.name, spec] as const))(
    "%s has flat, described fields",
    (_name, spec) => {
      const properties = spec.parameters.properties as Record<string, Record<string, unknown>>;
      for (const field of Object.values(properties)) {
        expect(field.description).toEqual(expect.any(String));
        expect(field.type).not.toBe("object");
      }
    },
  );

  it("never let the model supply a refund amount", () => {
    const propose = specs.find((spec) => spec.name === "propose_refund");
    expect(Object.keys(propose?.parameters.properties as object)).toEqual([
      "orderNumber",
      "lineIds",
      "reason",
    ]);
    expect(propose?.description).toContain("NEVER refunds");
  });
});
