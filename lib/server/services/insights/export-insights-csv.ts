import "server-only";
import type { InsightPeriod, Insights } from "@/lib/domain/insights";
import { csvRow } from "@/lib/server/services/audit/csv";
import { INSIGHT_SECTIONS } from "./insight-sections";

const HEADER = [
  "section",
  "figure",
  "label",
  "count",
  "amount_cents",
  "currency",
  "refund_state",
  "p50_ms",
  "p90_ms",
  "conversation_ids",
];

/** Every figure the page shows, one row each, with the ids of the conversations behind it. */
export function exportInsightsCsv(insights: Insights, period: InsightPeriod): string {
  const lines = [
    csvRow(["period_from", period.from.toISOString(), "period_to", period.to.toISOString()]),
    csvRow(HEADER),
  ];
  for (const section of INSIGHT_SECTIONS) {
    for (const figure of section.figures(insights)) {
      lines.push(
        csvRow([
          section.id,
          figure.key,
          figure.label,
          figure.count,
          figure.amountCents ?? null,
          figure.currency ?? null,
          figure.refundOutcome ?? null,
          null,
          null,
          figure.conversationIds.join(" "),
        ]),
      );
    }
  }
  for (const timing of insights.timings) {
    lines.push(
      csvRow([
        "timings",
        timing.key,
        timing.label,
        timing.count,
        null,
        null,
        null,
        timing.p50Ms,
        timing.p90Ms,
        timing.conversationIds.join(" "),
      ]),
    );
  }
  const usage = insights.modelUsage;
  const ids = usage.conversationIds.join(" ");
  for (const [key, label, value] of [
    ["model:resolved", "Resolved conversations", usage.resolvedConversations],
    ["model:input_tokens", "Input tokens", usage.inputTokens],
    ["model:output_tokens", "Output tokens", usage.outputTokens],
    ["model:cost_micro_usd", "Cost (micro-USD)", usage.costMicroUsd],
    ["model:tokens_per_resolved", "Tokens per resolved conversation", usage.tokensPerResolved],
    [
      "model:cost_micro_usd_per_resolved",
      "Cost per resolved conversation (micro-USD)",
      usage.costMicroUsdPerResolved,
    ],
  ] as const) {
    lines.push(csvRow(["model", key, label, value, null, null, null, null, null, ids]));
  }
  return lines.join("");
}
