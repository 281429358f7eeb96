import "server-only";
import { computeInsights, type InsightPeriod, type Insights } from "@/lib/domain/insights";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import { loadInsightRows } from "./load-insight-rows";

export async function getInsights(
  period: InsightPeriod,
  context: Pick<UseCaseContext, "db">,
): Promise<Insights> {
  return computeInsights(await loadInsightRows(context.db, period));
}
