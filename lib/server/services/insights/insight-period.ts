import "server-only";
import { z } from "zod";

/** `?from=YYYY-MM-DD&to=YYYY-MM-DD`; anything unreadable falls back to the last seven days. */
export const insightPeriodQuerySchema = z.object({
  from: z.string().max(10).optional(),
  to: z.string().max(10).optional(),
});

export function insightsQueryString(period: { fromDate: string; toDate: string }): string {
  return new URLSearchParams({ from: period.fromDate, to: period.toDate }).toString();
}
