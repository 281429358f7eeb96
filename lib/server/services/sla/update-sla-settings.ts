import "server-only";
import { isDeepStrictEqual } from "node:util";
import type { Actor } from "@/lib/domain/actor";
import { type SlaSettings, slaSettingsSchema } from "@/lib/domain/sla/sla-settings";
import { appendAuditEvents } from "@/lib/server/audit/append-audit-events";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import { recomputeAllSlaDueTimes } from "./recompute-sla";
import { getSlaSettings, SLA_SETTING_KEY } from "./sla-settings-store";

export type SlaSettingsSaved = {
  settings: SlaSettings;
  changed: boolean;
  recomputedTickets: number;
};

/*
 * Saves the SLA targets and business calendar as a whole, audits the old and new value, and
 * recomputes the due times of every open ticket, all in one transaction: the inbox's breach
 * filters never disagree with the settings in force.
 */
export async function updateSlaSettings(
  input: { settings: SlaSettings; actor: Actor & { type: "staff" } },
  context: Pick<UseCaseContext, "db" | "now">,
): Promise<SlaSettingsSaved> {
  const settings = slaSettingsSchema.parse(input.settings);
  const now = context.now();
  return context.db.$transaction(
    async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended('settings', 0))`;
      const before = await getSlaSettings(tx);
      if (isDeepStrictEqual(before, settings)) {
        return { settings, changed: false, recomputedTickets: 0 };
      }
      await tx.setting.upsert({
        where: { key: SLA_SETTING_KEY },
        create: { key: SLA_SETTING_KEY, value: settings, updatedById: input.actor.userId },
        update: { value: settings, updatedById: input.actor.userId },
      });
      const recomputedTickets = await recomputeAllSlaDueTimes(tx, settings, now);
      await appendAuditEvents(tx, [
        {
          kind: "sla.settings_changed",
          subjectType: "setting",
          subjectId: SLA_SETTING_KEY,
          actor: input.actor,
          occurredAt: now,
          payload: { oldValue: before, newValue: settings, recomputedTickets },
        },
      ]);
      return { settings, changed: true, recomputedTickets };
    },
    { timeout: 60_000 },
  );
}
