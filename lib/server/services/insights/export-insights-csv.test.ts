import { describe, expect, it } from "vitest";
import { computeInsights } from "@/lib/domain/insights";
import { exportInsightsCsv } from "./export-insights-csv";

const period = { from: new Date("2026-03-04T00:00:00Z"), to: new Date("2026-03-11T00:00:00Z") };

describe("exportInsightsCsv", () => {
  it("writes one row per figure with its conversations, and keeps labels from running as formulas", () => {
    const insights = computeInsights({
      conversations: [],
      decisions: [],
      refunds: [
        {
          conversationId: "c1",
          reason: "=HYPERLINK(1)",
          amountCents: 4800,
          currency: "USD",
          status: "succeeded",
          providerReason: null,
          createdAt: new Date("2026-03-05T10:00:00Z"),
          paidAt: new Date("2026-03-05T10:00:00Z"),
          conversationStartedAt: new Date("2026-03-05T09:00:00Z"),
        },
      ],
      disputes: [],
      toolResults: [],
      refusedTransitions: [],
    });
    const lines = exportInsightsCsv(insights, period).split("\r\n");
    expect(lines[0]).toBe(
      "period_from,2026-03-04T00:00:00.000Z,period_to,2026-03-11T00:00:00.000Z",
    );
    expect(lines[1]).toBe(
      "section,figure,label,count,amount_cents,currency,refund_state,p50_ms,p90_ms,conversation_ids",
    );
    expect(lines).toContain("refunds,refunds:=HYPERLINK(1):USD,'=HYPERLINK(1),1,4800,USD,,,,c1");
    expect(lines).toContain(
      "timings,timing:refund,Time to refund (first message → paid),1,,,,3600000,3600000,c1",
    );
    expect(lines).toContain("decisions,decisions:approved,Approved,0,,,,,,");
    expect(lines).toContain("refund_outcomes,refund_outcomes:paid:USD,Paid,1,4800,USD,paid,,,c1");
  });
});
