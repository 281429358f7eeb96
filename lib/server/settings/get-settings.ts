import "server-only";
import { DEFAULT_SETTINGS, type DomainSettings, settingsSchema } from "@/lib/domain/settings";
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";

/*
 * Admin settings, one Setting row per field keyed by its name (e.g. `autoApproveLimitCents`).
 * A missing row means "never changed": the domain default applies. A stored value that no
 * longer validates also falls back to the default, so a bad row can never widen a limit.
 */

const SETTING_KEYS = Object.keys(settingsSchema.shape) as Array<keyof DomainSettings>;

export async function getSettings(
  db: PrismaClient | Prisma.TransactionClient,
): Promise<DomainSettings> {
  return settingsFromRows(await db.setting.findMany({ where: { key: { in: SETTING_KEYS } } }));
}

/** The keys getSettings reads, for a caller that reads the rows inside a larger statement. */
export const SETTING_ROW_KEYS: readonly string[] = SETTING_KEYS;

/** Settings from their stored rows, with the same defaults and validation as getSettings. */
export function settingsFromRows(rows: readonly { key: string; value: unknown }[]): DomainSettings {
  const stored = new Map(rows.map((row) => [row.key, row.value]));
  const settings: DomainSettings = { ...DEFAULT_SETTINGS };
  for (const key of SETTING_KEYS) {
    if (!stored.has(key)) continue;
    const parsed = settingsSchema.shape[key].safeParse(stored.get(key));
    if (parsed.success) Object.assign(settings, { [key]: parsed.data });
  }
  return settings;
}
