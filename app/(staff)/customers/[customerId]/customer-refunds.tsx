import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Card, CardHeader } from "@/components/ui/card";
import { Table, Td, Th } from "@/components/ui/table";
import { formatMoney } from "@/lib/domain/money";
import type { CustomerProfile } from "@/lib/server/services/customers/get-customer-profile";
import { EmptyCardBody } from "./empty-card-body";
import { utcDay } from "./utc-day";

export function CustomerRefunds({ refunds }: { refunds: CustomerProfile["refunds"] }) {
  return (
    <Card>
      <CardHeader title="Refunds" />
      {refunds.length === 0 ? (
        <EmptyCardBody>No refunds yet.</EmptyCardBody>
      ) : (
        <Table caption="Refunds, most recent first">
          <thead>
            <tr>
              <Th>Refund</Th>
              <Th>Lines</Th>
              <Th className="text-right">Amount</Th>
              <Th>Status</Th>
            </tr>
          </thead>
          <tbody>
            {refunds.map((refund) => (
              <tr key={refund.id} data-testid="refund-row">
                <Td>
                  <Link
                    href={`/conversations/${refund.conversationId}`}
                    className="font-medium text-blue-800 underline-offset-2 hover:underline"
                  >
                    Order {refund.orderNumber}
                  </Link>
                  <span className="block text-xs text-slate-600">
                    {utcDay(refund.at)} · to {refund.target}
                  </span>
                </Td>
                <Td>
                  {refund.lines.map((line) => `${line.quantity} × ${line.name}`).join(", ")}
                  {refund.shippingCents > 0
                    ? ` + shipping ${formatMoney(refund.shippingCents, refund.currency)}`
                    : ""}
                </Td>
                <Td className="whitespace-nowrap text-right tabular-nums">
                  {formatMoney(refund.amountCents, refund.currency)}
                </Td>
                <Td>
                  <Badge tone={refund.status === "succeeded" ? "success" : "danger"}>
                    {refund.status}
                  </Badge>
                </Td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </Card>
  );
}
