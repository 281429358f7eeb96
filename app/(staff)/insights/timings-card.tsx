import Link from "next/link";
import { Card, CardHeader } from "@/components/ui/card";
import { Table, Td, Th } from "@/components/ui/table";
import type { Insights } from "@/lib/domain/insights";
import { formatDuration } from "@/lib/domain/percentiles";
import { figureHref, type PeriodDates } from "./insight-links";

/** How long customers waited for a first reply, an approval and a refund. */
export function TimingsCard({
  timings,
  period,
}: {
  timings: Insights["timings"];
  period: PeriodDates;
}) {
  return (
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
          {timings.map((timing) => (
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
  );
}
