import type { Metadata } from "next";
import Link from "next/link";
import { buttonClassName } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { TextField } from "@/components/ui/controls";
import { Table, Td, Th } from "@/components/ui/table";
import { resolvePeriod } from "@/lib/domain/insights";
import { formatDuration } from "@/lib/domain/percentiles";
import { requireStaffPage } from "@/lib/server/auth/session";
import { appContext } from "@/lib/server/process/app-context";
import { getInsights } from "@/lib/server/services/insights/get-insights";
import { insightsQueryString } from "@/lib/server/services/insights/insight-period";
import { INSIGHT_SECTIONS } from "@/lib/server/services/insights/insight-sections";
import { FigureBars } from "./figure-bars";
import { figureHref } from "./insight-links";

export const metadata: Metadata = { title: "Insights" };
export const dynamic = "force-dynamic";

type SearchParams = Record<string, string | string[] | undefined>;

const single = (value: string | string[] | undefined) =>
  typeof value === "string" ? value : undefined;

function formatMicroUsd(micro: number | null): string {
  if (micro === null) return "–";
  return `$${(micro / 1_000_000).toFixed(4)}`;
}

export default async function InsightsPage({
  searchParams,
}: {
  searchParams: Promise<SearchParams>;
}) {
  await requireStaffPage("tickets.read");
  const params = await searchParams;
  const period = resolvePeriod({ from: single(params.from), to: single(params.to) }, new Date());
  const insights = await getInsights(period, appContext());
  const usage = insights.modelUsage;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Insights</h1>
          <p className="mt-1 max-w-prose text-sm text-slate-700">
            What the agent did with money from {period.fromDate} to {period.toDate} (UTC, both days
            included), computed from the stored conversations, refunds, decisions and steps. Every
            figure links to the conversations behind it.
          </p>
        </div>
        <form method="get" className="flex flex-wrap items-end gap-3" aria-label="Period">
          <TextField
            label="From"
            type="date"
            name="from"
            defaultValue={period.fromDate}
            className="w-auto"
          />
          <TextField
            label="To"
            type="date"
            name="to"
            defaultValue={period.toDate}
            className="w-auto"
          />
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
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader
            title="Time to first reply, approval and refund"
            description="Median (p50) and 90th percentile (p90), nearest rank: each is a wait a customer really had."
          />
          <Table caption="Waits">
            <thead>
              <tr>
                <Th>Wait</Th>
                <Th className="text-right">p50</Th>
                <Th className="text-right">p90</Th>
                <Th className="text-right">Measured</Th>
              </tr>
            </thead>
            <tbody>
              {insights.timings.map((timing) => (
                <tr key={timing.key} data-figure={timing.key}>
                  <Td>
                    <Link
                      href={figureHref(timing.key, period)}
                      className="text-blue-800 underline underline-offset-2"
                    >
                      {timing.label}
                    </Link>
                  </Td>
                  <Td className="text-right tabular-nums">{formatDuration(timing.p50Ms)}</Td>
                  <Td className="text-right tabular-nums">{formatDuration(timing.p90Ms)}</Td>
                  <Td className="text-right tabular-nums">{timing.count}</Td>
                </tr>
              ))}
            </tbody>
          </Table>
        </Card>

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
                <dd className="text-xl font-semibold tabular-nums">
                  {usage.tokensPerResolved ?? "–"}
                </dd>
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

        {INSIGHT_SECTIONS.map((section) => (
          <Card key={section.id}>
            <CardHeader title={section.title} description={section.description} />
            <FigureBars
              caption={section.title}
              figures={section.figures(insights)}
              period={period}
              money={section.money}
              emptyText="Nothing in this period."
            />
          </Card>
        ))}
      </div>
    </div>
  );
}
