import { z } from "zod";
import { businessCalendarSchema } from "./business-calendar";

/** Business minutes; a target of up to 30 business days of 24 hours. */
const targetMinutes = z
  .int()
  .min(1)
  .max(30 * 24 * 60);

export const channelTargetsSchema = z.object({
  enabled: z.boolean(),
  firstReplyMinutes: targetMinutes,
  resolutionMinutes: targetMinutes,
});

export type ChannelTargets = z.infer<typeof channelTargetsSchema>;

export const SLA_CHANNELS = ["chat", "email"] as const;
export type SlaChannel = (typeof SLA_CHANNELS)[number];

/**
 * The helpdesk's service-level targets: per channel, how many business minutes the first
 * reply and the resolution may take, the calendar that says which minutes count, and how much
 * of a target may be used before a ticket is "breaching soon".
 */
export const slaSettingsSchema = z.object({
  calendar: businessCalendarSchema,
  targets: z.object({ chat: channelTargetsSchema, email: channelTargetsSchema }),
  nearBreachPercent: z.int().min(50).max(99),
});

export type SlaSettings = z.infer<typeof slaSettingsSchema>;

const WEEKDAY_HOURS = { opens: "09:00", closes: "17:00" } as const;

/** Monday to Friday, 09:00–17:00 UTC; chat answered in 15 minutes, email in 4 hours. */
export const DEFAULT_SLA_SETTINGS: Readonly<SlaSettings> = Object.freeze({
  calendar: {
    timeZone: "UTC",
    weeklyHours: [
      null,
      WEEKDAY_HOURS,
      WEEKDAY_HOURS,
      WEEKDAY_HOURS,
      WEEKDAY_HOURS,
      WEEKDAY_HOURS,
      null,
    ],
    holidays: [],
  },
  targets: {
    chat: { enabled: true, firstReplyMinutes: 15, resolutionMinutes: 8 * 60 },
    email: { enabled: true, firstReplyMinutes: 4 * 60, resolutionMinutes: 2 * 8 * 60 },
  },
  nearBreachPercent: 80,
});
