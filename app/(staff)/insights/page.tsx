import type { Metadata } from "next";
import { Card, CardHeader } from "@/components/ui/card";
import { resolvePeriod } from "@/lib/domain/insights";
import { requireStaffPage } from "@/lib/server/auth/session";
import { appContext } from "@/lib/server/process/app-context";
import { getInsights } from "@/lib/server/services/insights/get-insights";
import { INSIGHT_SECTIONS } from "@/lib/server/services/insights/insight-sections";
import { getSlaInsights } from "@/lib/server/services/insights/sla-insights";
import { savedReplyUsage } from "@/lib/server/services/saved-replies/saved-reply-usage";
import { FigureBars } from "./figure-bars";
import { ModelUsageCard } from "./model-usage-card";
import { PeriodForm } from "./period-form";
import { SavedRepliesCard } from "./saved-replies-card";
import { SlaCard } from "./sla-card";
import { TimingsCard } from "./timings-card";

export const metadata: Metadata = { title: "Insights" };
export const dynamic = "force-dynamic";

type SearchParams = Record<string, string | string[] | undefined>;

const single = (value: string | string[] | undefined) =>
  typeof value === "string" ? value : undefined;

export default async function InsightsPage({
  searchParams,
}: {
  searchParams: Promise<SearchParams>;
}) {
  const session = await requireStaffPage("tickets.read");
  const params = await searchParams;
  const period = resolvePeriod({ from: single(params.from), to: single(params.to) }, new Date());
  const [insights, sla, repliesUsed] = await Promise.all([
    getInsights(period, appContext()),
    getSlaInsights(period, appContext()),
    savedReplyUsage({ period, staffUserId: session.user.id }, appContext()),
  ]);

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
        <PeriodForm period={period} />
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        <TimingsCard timings={insights.timings} period={period} />
        <ModelUsageCard usage={insights.modelUsage} period={period} />
        <SlaCard sla={sla} />
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
        <SavedRepliesCard usage={repliesUsed} />
      </div>
    </div>
  );
}
