import { describe, expect, it } from "vitest";
import { POLICY_V1 } from "./policy-v1";
import {
  computeQuoteExpiry,
  DEFAULT_SETTINGS,
  isChatSessionIdle,
  settingsSchema,
} from "./settings";
import { addMinutes, wholeDaysBetween } from "./time";

const NOW = new Date("2025-03-15T12:00:00.000Z");

describe("settings", () => {
  it("defaults to a 30-minute idle chat, a $500.00 approver limit, staff acting for customers and the retention periods", () => {
    expect(DEFAULT_SETTINGS).toEqual({
      chatIdleMinutes: 30,
      approverLimitCents: 50_000,
      staffMayActForCustomer: true,
      runStepRetentionDays: 90,
      realtimeEventRetentionDays: 1,
      idempotencyReceiptRetentionDays: 30,
      closedTranscriptRetentionDays: 30,
    });
    expect(settingsSchema.parse(DEFAULT_SETTINGS)).toEqual(DEFAULT_SETTINGS);
    expect(Object.isFrozen(DEFAULT_SETTINGS)).toBe(true);
  });

  it("rejects limits that are not whole, positive numbers", () => {
    expect(
      settingsSchema.safeParse({ ...DEFAULT_SETTINGS, approverLimitCents: 25.5 }).success,
    ).toBe(false);
    expect(settingsSchema.safeParse({ ...DEFAULT_SETTINGS, chatIdleMinutes: 0 }).success).toBe(
      false,
    );
    expect(
      settingsSchema.safeParse({ ...DEFAULT_SETTINGS, chatIdleMinutes: 24 * 60 + 1 }).success,
    ).toBe(false);
    expect(settingsSchema.safeParse({ ...DEFAULT_SETTINGS, approverLimitCents: -1 }).success).toBe(
      false,
    );
    expect(settingsSchema.safeParse({ ...DEFAULT_SETTINGS, approverLimitCents: 0 }).success).toBe(
      true,
    );
    expect(
      settingsSchema.safeParse({ ...DEFAULT_SETTINGS, staffMayActForCustomer: "yes" }).success,
    ).toBe(false);
  });

  it.each([0, -1, 1.5, 3651])("refuses a retention period of %s days", (days) => {
    expect(
      settingsSchema.safeParse({ ...DEFAULT_SETTINGS, runStepRetentionDays: days }).success,
    ).toBe(false);
  });

  it("computes the quote expiry from the hold", () => {
    expect(computeQuoteExpiry(NOW, POLICY_V1.document)).toEqual(
      new Date("2025-03-15T12:10:00.000Z"),
    );
  });

  it("ends a chat session exactly when the idle time has passed", () => {
    const last = NOW;
    expect(isChatSessionIdle(last, addMinutes(NOW, 29), DEFAULT_SETTINGS)).toBe(false);
    expect(isChatSessionIdle(last, addMinutes(NOW, 30), DEFAULT_SETTINGS)).toBe(true);
  });
});

describe("time", () => {
  it("counts whole elapsed days and never negative ones", () => {
    const day = 24 * 60 * 60 * 1000;
    expect(wholeDaysBetween(NOW, new Date(NOW.getTime() + 30 * day))).toBe(30);
    expect(wholeDaysBetween(NOW, new Date(NOW.getTime() + 31 * day - 1))).toBe(30);
    expect(wholeDaysBetween(NOW, new Date(NOW.getTime() - day))).toBe(0);
  });
});
