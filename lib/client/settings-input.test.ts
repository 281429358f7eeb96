import { describe, expect, it } from "vitest";
import { RETENTION_MAX_DAYS } from "@/lib/domain/settings";
import {
  parseWholeNumberSetting,
  readGeneralSettings,
  readRetentionSettings,
} from "./settings-input";

describe("parseWholeNumberSetting", () => {
  it("reads whole numbers inside the setting's bounds, spaces around allowed", () => {
    expect(parseWholeNumberSetting("chatIdleMinutes", " 15 ")).toBe(15);
    expect(parseWholeNumberSetting("runStepRetentionDays", String(RETENTION_MAX_DAYS))).toBe(
      RETENTION_MAX_DAYS,
    );
  });

  it("refuses decimals, signs, words, empty text and numbers out of bounds", () => {
    for (const text of ["1.5", "-3", "+3", "ten", "", "0", "1441", "1e2"]) {
      expect(parseWholeNumberSetting("chatIdleMinutes", text)).toBeNull();
    }
    expect(
      parseWholeNumberSetting("runStepRetentionDays", String(RETENTION_MAX_DAYS + 1)),
    ).toBeNull();
  });
});

describe("readGeneralSettings", () => {
  it("turns minutes into numbers when they are valid", () => {
    expect(readGeneralSettings({ chatIdleMinutes: "30" })).toEqual({
      errors: {},
      change: { chatIdleMinutes: 30 },
    });
  });

  it("names the field it could not read and leaves it out of the change", () => {
    const { errors, change } = readGeneralSettings({ chatIdleMinutes: "0" });
    expect(Object.keys(errors)).toEqual(["chatIdleMinutes"]);
    expect(change.chatIdleMinutes).toBeUndefined();
  });
});

describe("readRetentionSettings", () => {
  const valid = {
    runStepRetentionDays: "90",
    realtimeEventRetentionDays: "1",
    idempotencyReceiptRetentionDays: "30",
    closedTranscriptRetentionDays: "30",
  };

  it("reads every period in days", () => {
    expect(readRetentionSettings(valid)).toEqual({
      errors: {},
      change: {
        runStepRetentionDays: 90,
        realtimeEventRetentionDays: 1,
        idempotencyReceiptRetentionDays: 30,
        closedTranscriptRetentionDays: 30,
      },
    });
  });

  it("refuses a period of no days with the allowed range", () => {
    const { errors, change } = readRetentionSettings({ ...valid, realtimeEventRetentionDays: "0" });
    expect(errors).toEqual({
      realtimeEventRetentionDays: `Enter whole days from 1 to ${RETENTION_MAX_DAYS}.`,
    });
    expect(change).not.toHaveProperty("realtimeEventRetentionDays");
  });
});
