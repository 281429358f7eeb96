import "server-only";
import { computeInsights, type InsightPeriod, type Insights } from "@/lib/domain/insights";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { db as defaultDb } from "@/lib/server/db";
import { loadInsightRows } from "./load-insight-rows";

export async function getInsights(
  period: InsightPeriod,
  options: { db?: PrismaClient } = {},
): Promise<Insights> {
  return computeInsights(await loadInsightRows(options.db ?? defaultDb, period));
}
