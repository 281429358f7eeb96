import type { RetentionSettings } from "./settings";

const DAY_MS = 24 * 60 * 60 * 1000;

/** What the retention job prunes, each kind by its own setting. */
export const RETAINED_KINDS = [
  "runSteps",
  "closedTranscriptSteps",
  "realtimeEvents",
  "idempotencyReceipts",
] as const;
export type RetainedKind = (typeof RETAINED_KINDS)[number];

export type RetentionCounts = Record<RetainedKind, number>;
export type RetentionCutoffs = Record<RetainedKind, Date>;

const SETTING_OF: Record<RetainedKind, keyof RetentionSettings> = {
  runSteps: "runStepRetentionDays",
  closedTranscriptSteps: "closedTranscriptRetentionDays",
  realtimeEvents: "realtimeEventRetentionDays",
  idempotencyReceipts: "idempotencyReceiptRetentionDays",
};

/** A row older than its cutoff (strictly before it) is past its retention period. */
export function retentionCutoffs(now: Date, settings: RetentionSettings): RetentionCutoffs {
  return Object.fromEntries(
    RETAINED_KINDS.map((kind) => [
      kind,
      new Date(now.getTime() - settings[SETTING_OF[kind]] * DAY_MS),
    ]),
  ) as RetentionCutoffs;
}

export function totalPruned(counts: RetentionCounts): number {
  return RETAINED_KINDS.reduce((sum, kind) => sum + counts[kind], 0);
}
