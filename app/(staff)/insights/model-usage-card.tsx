import Link from "next/link";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import type { ModelUsage } from "@/lib/domain/insights";
import { figureHref, type PeriodDates } from "./insight-links";

/** Cost in micro-USD to four places; a dash where nothing was resolved to divide by. */
function formatMicroUsd(micro: number | null): string {
  if (micro === null) return "–";
  return `$${(micro / 1_000_000).toFixed(4)}`;
}

/** The model's tokens and cost, in total and per resolved conversation. */
export function ModelUsageCard({ usage, period }: { usage: ModelUsage; period: PeriodDates }) {
  return (
    <Card>
      <CardHeader
        title="Model tokens and cost per resolved conversation"
        description="All runs of the period's resolved or solved conversations, divided by how many there are."
      />
      <CardBody>
        <dl className="grid grid-cols-2 gap-4 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-slate-600">Resolved conversations</dt>
            <dd className="text-xl font-semibold tabular-nums">
              <Link
                href={figureHref("model:resolved", period)}
                className="text-blue-800 underline underline-offset-2"
                data-figure="model:resolved"
              >
                {usage.resolvedConversations}
              </Link>
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">Tokens per resolved</dt>
            <dd className="text-xl font-semibold tabular-nums">{usage.tokensPerResolved ?? "–"}</dd>
          </div>
          <div>
            <dt className="text-slate-600">Cost per resolved</dt>
            <dd className="text-xl font-semibold tabular-nums">
              {formatMicroUsd(usage.costMicroUsdPerResolved)}
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">Input tokens</dt>
            <dd className="tabular-nums">{usage.inputTokens}</dd>
          </div>
          <div>
            <dt className="text-slate-600">Output tokens</dt>
            <dd className="tabular-nums">{usage.outputTokens}</dd>
          </div>
          <div>
            <dt className="text-slate-600">Total cost</dt>
            <dd className="tabular-nums">{formatMicroUsd(usage.costMicroUsd)}</dd>
          </div>
        </dl>
      </CardBody>
    </Card>
  );
}
