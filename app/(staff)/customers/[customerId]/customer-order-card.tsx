import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Card, CardHeader } from "@/components/ui/card";
import { Table, Td, Th } from "@/components/ui/table";
import { formatMoney } from "@/lib/domain/money";
import type {
  CustomerProfile,
  ProfileLine,
} from "@/lib/server/services/customers/get-customer-profile";
import { utcDay } from "./utc-day";

const refundTone: Record<ProfileLine["refundState"], BadgeTone> = {
  final_sale: "neutral",
  refunded: "success",
  partly_refunded: "warning",
  not_refunded: "neutral",
};
const refundLabel: Record<ProfileLine["refundState"], string> = {
  final_sale: "final sale",
  refunded: "refunded",
  partly_refunded: "partly refunded",
  not_refunded: "not refunded",
};

/** One order with its lines and how much of each was refunded. */
export function CustomerOrderCard({ order }: { order: CustomerProfile["orders"][number] }) {
  return (
    <Card>
      <CardHeader
        as="h3"
        title={`Order ${order.number}`}
        description={`Placed ${utcDay(order.placedAt)} · delivered ${utcDay(order.deliveredAt)} · shipping ${formatMoney(order.shippingCents, order.currency)} · paid with ${order.paymentMethodLabel}`}
      />
      <Table caption={`Lines of order ${order.number} and their refund state`}>
        <thead>
          <tr>
            <Th>Item</Th>
            <Th className="text-right">Qty</Th>
            <Th className="text-right">Unit price</Th>
            <Th>Refund state</Th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => (
            <tr key={line.id} data-testid="order-line">
              <Td>
                {line.name}
                <span className="block text-xs text-slate-600">{line.category}</span>
              </Td>
              <Td className="text-right tabular-nums">{line.quantity}</Td>
              <Td className="whitespace-nowrap text-right tabular-nums">
                {formatMoney(line.unitPriceCents, order.currency)}
              </Td>
              <Td>
                <Badge tone={refundTone[line.refundState]}>{refundLabel[line.refundState]}</Badge>
                {line.refundedCents > 0 ? (
                  <span className="block text-xs text-slate-700">
                    {line.refundedQuantity} × refunded,{" "}
                    {formatMoney(line.refundedCents, order.currency)}
                  </span>
                ) : null}
              </Td>
            </tr>
          ))}
        </tbody>
      </Table>
    </Card>
  );
}
