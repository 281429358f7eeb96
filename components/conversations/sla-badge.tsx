import { Badge } from "@/components/ui/badge";

/*
 * An inbox row's SLA alert, from the due times the server stored for the ticket's running
 * clocks: nothing while on track, "SLA due soon" past the near-breach share, "SLA breached"
 * past the target. In words, not only in colour.
 */
export function SlaBadge({
  dueAt,
  warnAt,
  now,
}: {
  dueAt: Date | string | null;
  warnAt: Date | string | null;
  now: Date;
}) {
  if (dueAt && new Date(dueAt).getTime() <= now.getTime()) {
    return <Badge tone="danger">SLA breached</Badge>;
  }
  if (warnAt && new Date(warnAt).getTime() <= now.getTime()) {
    return <Badge tone="warning">SLA due soon</Badge>;
  }
  return null;
}
