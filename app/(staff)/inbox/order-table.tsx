import { Badge } from "@/components/ui/badge";
import { Table, Td, Th } from "@/components/ui/table";
import { formatMoney } from "@/lib/domain/money";
import type { InboxOrder } from "@/lib/server/services/inbox/list-inbox";

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });

export function OrderTable({ orders }: { orders: InboxOrder[] }) {
  return (
    <Table stackOnNarrow caption="Customer orders">
      <thead>
        <tr>
          <Th>Order</Th>
          <Th>Customer</Th>
          <Th>Delivered</Th>
          <Th>Lines</Th>
          <Th className="text-right">Total</Th>
        </tr>
      </thead>
      <tbody>
        {orders.map((order) => (
          <tr key={order.id}>
            <Td label="Order" className="whitespace-nowrap font-mono font-medium">
              {order.number}
            </Td>
            <Td label="Customer">
              <span className="block font-medium">{order.customer.name}</span>
              <span className="block text-slate-600">{order.customer.email}</span>
            </Td>
            <Td label="Delivered" className="whitespace-nowrap">
              {order.deliveredAt ? (
                <time dateTime={order.deliveredAt.toISOString()}>
                  {dateFormat.format(order.deliveredAt)}
                </time>
              ) : (
                <span className="text-slate-600">Not delivered</span>
              )}
            </Td>
            <Td label="Lines" wide className="min-w-56">
              <ul className="space-y-1">
                {order.lines.map((line) => (
                  <li key={line.id} className="flex flex-wrap items-center gap-2">
                    <span>
                      {line.quantity} × {line.name}
                    </span>
                    {line.finalSale ? <Badge>Final sale</Badge> : null}
                  </li>
                ))}
              </ul>
            </Td>
            <Td label="Total" className="whitespace-nowrap text-right tabular-nums">
              {formatMoney(order.totalCents, order.currency)}
            </Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
