import { Badge, type BadgeTone } from "@/components/ui/badge";
import type { ConversationStatus } from "@/lib/generated/prisma/enums";

const statusDisplay: Record<ConversationStatus, { label: string; tone: BadgeTone }> = {
  agent_working: { label: "Agent working", tone: "info" },
  waiting_on_customer: { label: "Waiting on customer", tone: "neutral" },
  needs_approval: { label: "Needs approval", tone: "warning" },
  resolved: { label: "Resolved", tone: "success" },
  needs_reconciliation: { label: "Needs reconciliation", tone: "danger" },
  failed: { label: "Failed", tone: "danger" },
};

export function ConversationStatusBadge({ status }: { status: ConversationStatus }) {
  const { label, tone } = statusDisplay[status];
  return <Badge tone={tone}>{label}</Badge>;
}
