import { buttonClassName } from "@/components/ui/button";
import { TextField } from "@/components/ui/controls";
import { insightsQueryString } from "@/lib/server/services/insights/insight-period";
import type { PeriodDates } from "./insight-links";

/** Picks the period as a plain GET form, and downloads the period's figures as CSV. */
export function PeriodForm({ period }: { period: PeriodDates }) {
  return (
    <form method="get" className="flex flex-wrap items-end gap-3" aria-label="Period">
      <TextField
        label="From"
        type="date"
        name="from"
        defaultValue={period.fromDate}
        className="w-auto"
      />
      <TextField label="To" type="date" name="to" defaultValue={period.toDate} className="w-auto" />
      <button type="submit" className={buttonClassName("secondary")}>
        Show period
      </button>
      <a
        href={`/api/insights/export?${insightsQueryString(period)}`}
        className={buttonClassName("primary")}
        download
      >
        Download CSV
      </a>
    </form>
  );
}
