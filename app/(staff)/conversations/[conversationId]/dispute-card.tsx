import { DisputeActions } from "@/components/staff/dispute-actions";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { formatMoney } from "@/lib/domain/money";
import type { ThreadDispute } from "@/lib/server/services/conversations/get-conversation-thread";

const impactTone: Record<string, BadgeTone> = { low: "neutral", medium: "warning", high: "danger" };

/** A billing dispute as the ledger has it: the amount is the charges', never the model's. */
export function DisputeCard({
  dispute,
  canResolve,
  onChanged,
}: {
  dispute: ThreadDispute;
  canResolve: boolean;
  onChanged: () => void;
}) {
  const titleId = `dispute-${dispute.id}-title`;
  return (
    <section
      aria-labelledby={titleId}
      className="space-y-2 rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm shadow-sm"
      data-dispute-id={dispute.id}
    >
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={titleId} className="font-semibold text-slate-900">
          Dispute {formatMoney(dispute.amountCents, dispute.currency)} ·{" "}
          {dispute.category.replaceAll("_", " ")}
        </h3>
        <Badge tone={dispute.status === "resolved" ? "success" : "warning"}>{dispute.status}</Badge>
      </header>
      <p className="text-slate-700">
        Impact <Badge tone={impactTone[dispute.impact] ?? "neutral"}>{dispute.impact}</Badge> ·
        charges {dispute.chargeReferences.join(", ")}
      </p>
      <p className="whitespace-pre-wrap break-words text-slate-900">{dispute.summary}</p>
      {canResolve ? (
        <DisputeActions disputeId={dispute.id} status={dispute.status} onChanged={onChanged} />
      ) : null}
    </section>
  );
}
