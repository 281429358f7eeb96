import Link from "next/link";
import { Card, CardHeader } from "@/components/ui/card";
import { Table, Td, Th } from "@/components/ui/table";
import type { SlaInsights } from "@/lib/server/services/insights/sla-insights";

/** SLA targets met and breached in the period, and the tickets near or past a target now. */
export function SlaCard({ sla }: { sla: SlaInsights }) {
  const rows = [
    ["first-reply", "First reply", sla.firstReply],
    ["resolution", "Resolution", sla.resolution],
  ] as const;
  return (
    <Card>
      <CardHeader
        title="SLA"
        description="Tickets the customer opened in this period, by how their first-reply and resolution targets went, counted in business hours."
      />
      <Table caption="SLA targets">
        <thead>
          <tr>
            <Th>Target</Th>
            <Th className="text-right">Met</Th>
            <Th className="text-right">Breached</Th>
            <Th className="text-right">Still running</Th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([key, label, counts]) => (
            <tr key={key} data-figure={`sla-${key}`}>
              <Td>{label}</Td>
              <Td className="text-right tabular-nums">{counts.met}</Td>
              <Td className="text-right tabular-nums">{counts.breached}</Td>
              <Td className="text-right tabular-nums">{counts.running}</Td>
            </tr>
          ))}
        </tbody>
      </Table>
      <p className="border-t border-slate-200 px-4 py-3 text-sm text-slate-800 sm:px-6">
        Now:{" "}
        <Link
          href="/inbox?sla=breaching_soon"
          className="text-blue-800 underline underline-offset-2"
          data-testid="insights-sla-breaching-soon"
        >
          {sla.now.breachingSoon} breaching soon
        </Link>
        {" · "}
        <Link
          href="/inbox?sla=breached"
          className="text-blue-800 underline underline-offset-2"
          data-testid="insights-sla-breached"
        >
          {sla.now.breached} breached
        </Link>
      </p>
    </Card>
  );
}
