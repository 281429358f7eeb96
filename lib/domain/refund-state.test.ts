import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  hasFailed,
  isPaid,
  REFUND_STATES,
  type RefundState,
  shouldApplyReport,
} from "./refund-state";

const at = (seconds: number) => new Date(Date.UTC(2026, 11, 7, 12, 0, seconds));

function applyAll(reports: { state: RefundState; occurredAt: Date }[]): RefundState {
  let current: { state: RefundState; reportedAt: Date | null } = {
    state: "pending",
    reportedAt: null,
  };
  for (const report of reports) {
    if (shouldApplyReport(current, report)) {
      current = { state: report.state, reportedAt: report.occurredAt };
    }
  }
  return current.state;
}

describe("shouldApplyReport", () => {
  it("moves pending to succeeded and succeeded to failed", () => {
    expect(applyAll([{ state: "succeeded", occurredAt: at(1) }])).toBe("succeeded");
    expect(
      applyAll([
        { state: "succeeded", occurredAt: at(1) },
        { state: "failed", occurredAt: at(2) },
      ]),
    ).toBe("failed");
  });

  it("never moves a refund back, whatever the report's time", () => {
    expect(
      applyAll([
        { state: "succeeded", occurredAt: at(1) },
        { state: "pending", occurredAt: at(9) },
      ]),
    ).toBe("succeeded");
    expect(
      applyAll([
        { state: "failed", occurredAt: at(1) },
        { state: "succeeded", occurredAt: at(9) },
      ]),
    ).toBe("failed");
  });

  it("takes the newer of two reports in the same stage", () => {
    const current = { state: "requires_action" as const, reportedAt: at(5) };
    expect(shouldApplyReport(current, { state: "pending", occurredAt: at(4) })).toBe(false);
    expect(shouldApplyReport(current, { state: "pending", occurredAt: at(6) })).toBe(true);
  });

  it("ends at the furthest stage reported, in any delivery order, duplicates included", () => {
    const report = fc.record({
      state: fc.constantFrom(...REFUND_STATES),
      occurredAt: fc.integer({ min: 0, max: 59 }).map(at),
    });
    fc.assert(
      fc.property(
        fc.array(report, { maxLength: 8 }),
        fc.array(fc.nat({ max: 15 }), { maxLength: 16 }),
        (reports, picks) => {
          const deliveries = [
            ...reports,
            ...picks.map((pick) => reports[pick % reports.length]),
          ].filter((entry) => entry !== undefined);
          const furthest = Math.max(0, ...reports.map((entry) => stageOf(entry.state)));
          expect(stageOf(applyAll(deliveries))).toBe(furthest);
        },
      ),
    );
  });
});

function stageOf(state: RefundState): number {
  if (hasFailed(state)) return 2;
  return isPaid(state) ? 1 : 0;
}
