import { describe, expect, it } from "vitest";
import { describeReasonSource } from "./reason-source";

describe("describeReasonSource", () => {
  it("quotes the customer's sentence when they stated the reason", () => {
    expect(
      describeReasonSource({
        statedByCustomer: true,
        words: "The mug arrived cracked",
        requestedBy: "agent",
      }),
    ).toBe("The customer wrote: “The mug arrived cracked”");
  });

  it("calls an unstated reason the agent's assumption", () => {
    expect(
      describeReasonSource({ statedByCustomer: false, words: null, requestedBy: "agent" }),
    ).toBe("The agent's assumption — the customer did not state this reason");
  });

  it("names a staff choice, and shortens a long sentence", () => {
    expect(
      describeReasonSource({ statedByCustomer: true, words: null, requestedBy: "usr_1" }),
    ).toBe("Chosen by the staff member who proposed this refund");
    const long = describeReasonSource({
      statedByCustomer: true,
      words: "x".repeat(1000),
      requestedBy: "agent",
    });
    expect(long.length).toBeLessThan(330);
    expect(long.endsWith("…”")).toBe(true);
  });
});
