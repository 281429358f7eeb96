import "server-only";
import {
  DEFAULT_SLA_SETTINGS,
  type SlaSettings,
  slaSettingsSchema,
} from "@/lib/domain/sla/sla-settings";
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";

/** The one settings row that holds the SLA targets and business calendar, as a whole. */
export const SLA_SETTING_KEY = "sla";

/*
 * The SLA settings in force: the stored row, or the defaults when it was never saved (or no
 * longer validates, so a bad row can never switch targets off by accident).
 */
export async function getSlaSettings(
  db: PrismaClient | Prisma.TransactionClient,
): Promise<SlaSettings> {
  const row = await db.setting.findUnique({ where: { key: SLA_SETTING_KEY } });
  const parsed = slaSettingsSchema.safeParse(row?.value);
  return parsed.success ? parsed.data : DEFAULT_SLA_SETTINGS;
}
