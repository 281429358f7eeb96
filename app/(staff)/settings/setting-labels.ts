import type { DomainSettings } from "@/lib/domain/settings";

/** Each setting's name on the forms and in the "Saved: …" message. */
export const SETTING_LABELS: Record<keyof DomainSettings, string> = {
  chatIdleMinutes: "Chat idle timeout",
  approverLimitCents: "Approver limit",
  staffMayActForCustomer: "Staff may act for a customer",
  runStepRetentionDays: "Run steps",
  realtimeEventRetentionDays: "Realtime events",
  idempotencyReceiptRetentionDays: "Idempotency receipts",
  closedTranscriptRetentionDays: "Closed-conversation transcripts",
};

/** The sentence a save reports: the changed settings by name. */
export function describeSaved(changed: (keyof DomainSettings)[]): string {
  return `Saved: ${changed.map((key) => SETTING_LABELS[key].toLowerCase()).join(", ")}.`;
}
