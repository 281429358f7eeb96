import "server-only";
import type { z } from "zod";
import type { Actor } from "@/lib/domain/actor";
import { type DomainSettings, settingsSchema } from "@/lib/domain/settings";
import type { Prisma } from "@/lib/generated/prisma/client";
import { appendAuditEvents } from "@/lib/server/audit/append-audit-events";
import { getSettings } from "@/lib/server/settings/get-settings";
import type { UseCaseContext } from "@/lib/server/use-case-context";

/** Any subset of the settings; each value is validated by the domain's own schema. */
export const settingsChangeSchema = settingsSchema.partial().strict();

export type SettingsChange = z.infer<typeof settingsChangeSchema>;

/** What POST /api/settings answers: the settings now in force and the keys that changed. */
export type SettingsSaved = {
  settings: DomainSettings;
  changed: (keyof DomainSettings)[];
};

export type UpdateSettingsResult = {
  settings: DomainSettings;
  changed: Array<{
    key: keyof DomainSettings;
    oldValue: DomainSettings[keyof DomainSettings];
    newValue: DomainSettings[keyof DomainSettings];
  }>;
};

/*
 * Writes the changed settings and one audit event per change in one transaction. Every instance
 * reads settings from the database when it needs them, so a change applies everywhere at once.
 * Quotes keep the gates and expiry computed when they were made: nothing here is retroactive.
 */
export async function updateSettings(
  input: { change: SettingsChange; actor: Actor & { type: "staff" } },
  context: Pick<UseCaseContext, "db" | "now">,
): Promise<UpdateSettingsResult> {
  const change = settingsChangeSchema.parse(input.change);
  const { db } = context;
  const now = context.now();
  return db.$transaction(async (tx) => {
    await lockSettings(tx);
    const before = await getSettings(tx);
    const changed = (Object.keys(change) as Array<keyof DomainSettings>)
      .map((key) => ({
        key,
        oldValue: before[key],
        newValue: change[key] as DomainSettings[typeof key],
      }))
      .filter(({ oldValue, newValue }) => oldValue !== newValue);
    for (const { key, newValue } of changed) {
      await tx.setting.upsert({
        where: { key },
        create: { key, value: newValue, updatedById: input.actor.userId },
        update: { value: newValue, updatedById: input.actor.userId },
      });
    }
    await appendAuditEvents(
      tx,
      changed.map(({ key, oldValue, newValue }) => ({
        kind: "setting.changed" as const,
        subjectType: "setting" as const,
        subjectId: key,
        actor: input.actor,
        occurredAt: now,
        payload: { key, oldValue, newValue },
      })),
    );
    return { settings: { ...before, ...change }, changed };
  });
}

// Two admins saving at once: the second reads the first's values, so each audit row's old value is true.
async function lockSettings(tx: Prisma.TransactionClient): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended('settings', 0))`;
}
