import "server-only";
import { z } from "zod";
import { Prisma } from "@/lib/generated/prisma/client";

/** The inbox's SLA filter values: a running clock past its near-breach share, or past its target. */
export const SLA_ALERTS = ["breaching_soon", "breached"] as const;
export const slaAlertSchema = z.enum(SLA_ALERTS);
export type SlaAlert = z.infer<typeof slaAlertSchema>;

function breached(at: Date): Prisma.Sql {
  return Prisma.sql`(COALESCE(c.first_reply_due_at <= ${at}::timestamptz, false)
    OR COALESCE(c.resolution_due_at <= ${at}::timestamptz, false))`;
}

function warned(at: Date): Prisma.Sql {
  return Prisma.sql`(COALESCE(c.first_reply_warn_at <= ${at}::timestamptz, false)
    OR COALESCE(c.resolution_warn_at <= ${at}::timestamptz, false))`;
}

/*
 * Conversations whose stored due times (recomputed with every event that moves them) say the
 * alert holds at `at`: breached, or near breach and not yet breached.
 */
export function slaAlertCondition(alert: SlaAlert, at: Date): Prisma.Sql {
  return alert === "breached" ? breached(at) : Prisma.sql`(${warned(at)} AND NOT ${breached(at)})`;
}
