import { Badge, type BadgeTone } from "@/components/ui/badge";
import type { RiskSignal } from "@/lib/domain/risk-signals";

const riskTone: Record<RiskSignal["severity"], BadgeTone> = {
  info: "info",
  warning: "warning",
  danger: "danger",
};

export function RiskSignalList({ risks }: { risks: RiskSignal[] }) {
  return (
    <div>
      <h4 className="text-xs font-semibold uppercase tracking-wide text-slate-600">Risk signals</h4>
      {risks.length === 0 ? (
        <p className="mt-1 text-sm text-slate-700">None found.</p>
      ) : (
        <ul className="mt-1 flex flex-wrap gap-2">
          {risks.map((risk) => (
            <li key={risk.code}>
              <Badge tone={riskTone[risk.severity]}>{risk.label}</Badge>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
