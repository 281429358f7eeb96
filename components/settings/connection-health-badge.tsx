import { Badge, type BadgeTone } from "@/components/ui/badge";
import type { ConnectionHealth } from "@/lib/server/services/connections/payment-connection-view";

const looks: Record<ConnectionHealth, { tone: BadgeTone; label: string }> = {
  untested: { tone: "neutral", label: "Not tested" },
  healthy: { tone: "success", label: "Healthy" },
  failing: { tone: "danger", label: "Failing" },
};

export function ConnectionHealthBadge({ health }: { health: ConnectionHealth }) {
  const look = looks[health];
  return (
    <Badge tone={look.tone}>
      <span className="sr-only">Health: </span>
      {look.label}
    </Badge>
  );
}
