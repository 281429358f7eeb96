import type { SlaAlertCounts } from "@/lib/server/services/sla/count-sla-alerts";
import type { SlaAlert } from "@/lib/server/services/sla/sla-inbox-conditions";
import { StatusLink } from "./status-link";

const SLA_ALERT_TITLES: Record<SlaAlert, string> = {
  breaching_soon: "Breaching soon",
  breached: "SLA breached",
};

/** The queue bar's SLA pills: tickets near their target and past it, each a filter of the inbox. */
export function SlaAlertLinks({
  counts,
  current,
}: {
  counts: SlaAlertCounts;
  current: SlaAlert | undefined;
}) {
  return (
    <nav aria-label="SLA alerts">
      <ul className="flex flex-wrap gap-2">
        {(Object.keys(SLA_ALERT_TITLES) as SlaAlert[]).map((alert) => (
          <li key={alert}>
            <StatusLink href={`/inbox?sla=${alert}`} current={current === alert}>
              {SLA_ALERT_TITLES[alert]}{" "}
              <span className="tabular-nums" data-testid={`sla-count-${alert}`}>
                ({counts[alert]})
              </span>
            </StatusLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
