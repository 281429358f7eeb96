import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RETAINED_KINDS, retentionCutoffs, totalPruned } from "./retention";
import { DEFAULT_SETTINGS, RETENTION_MAX_DAYS } from "./settings";

const NOW = new Date("2026-03-15T12:00:00.000Z");

describe("retentionCutoffs", () => {
  it("puts each cutoff its own number of whole days before now", () => {
    expect(retentionCutoffs(NOW, DEFAULT_SETTINGS)).toEqual({
      runSteps: new Date("2025-12-15T12:00:00.000Z"),
      closedTranscriptSteps: new Date("2026-02-13T12:00:00.000Z"),
      realtimeEvents: new Date("2026-03-14T12:00:00.000Z"),
      idempotencyReceipts: new Date("2026-02-13T12:00:00.000Z"),
    });
  });

  it("never puts a cutoff after now, and a longer period never prunes more", () => {
    const days = fc.integer({ min: 1, max: RETENTION_MAX_DAYS });
    fc.assert(
      fc.property(days, days, (shorter, longer) => {
        const [a, b] = shorter <= longer ? [shorter, longer] : [longer, shorter];
        const settingsWith = (n: number) => ({
          runStepRetentionDays: n,
          realtimeEventRetentionDays: n,
          idempotencyReceiptRetentionDays: n,
          closedTranscriptRetentionDays: n,
        });
        const short = retentionCutoffs(NOW, settingsWith(a));
        const long = retentionCutoffs(NOW, settingsWith(b));
        for (const kind of RETAINED_KINDS) {
          expect(short[kind].getTime()).toBeLessThan(NOW.getTime());
          expect(long[kind].getTime()).toBeLessThanOrEqual(short[kind].getTime());
        }
      }),
    );
  });
});

describe("totalPruned", () => {
  it("adds every kind", () => {
    expect(
      totalPruned({
        runSteps: 1,
        closedTranscriptSteps: 2,
        realtimeEvents: 3,
        idempotencyReceipts: 4,
      }),
    ).toBe(10);
  });
});
