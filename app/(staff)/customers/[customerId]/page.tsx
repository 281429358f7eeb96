import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { cache } from "react";
import { ConversationStatusBadge } from "@/components/conversations/conversation-status-badge";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Table, Td, Th } from "@/components/ui/table";
import { formatMoney } from "@/lib/domain/money";
import { isAppError } from "@/lib/errors/app-error";
import { requireStaffPage } from "@/lib/server/auth/session";
import { appContext } from "@/lib/server/process/app-context";
import {
  type CustomerProfile,
  getCustomerProfile,
  type ProfileLine,
} from "@/lib/server/services/customers/get-customer-profile";

export const dynamic = "force-dynamic";

type Params = Promise<{ customerId: string }>;

const loadProfile = cache(async (customerId: string): Promise<CustomerProfile> => {
  try {
    return await getCustomerProfile({ customerId }, appContext());
  } catch (error) {
    if (isAppError(error) && error.code === "NOT_FOUND") notFound();
    throw error;
  }
});

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  await requireStaffPage("tickets.read");
  const { customer } = await loadProfile((await params).customerId);
  return { title: `${customer.name} · Customer` };
}

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

// Server-rendered only, so a UTC date reads the same for everyone.
function day(date: Date | null): string {
  return date ? date.toISOString().slice(0, 10) : "—";
}

export default async function CustomerPage({ params }: { params: Params }) {
  await requireStaffPage("tickets.read");
  const { customer, conversations, orders, refunds, disputes, charges } = await loadProfile(
    (await params).customerId,
  );
  return (
    <div className="space-y-6">
      <header className="space-y-1">
        <p className="text-sm text-slate-600">Customer</p>
        <h1 className="break-words text-2xl font-semibold tracking-tight">{customer.name}</h1>
        <p className="break-all text-sm text-slate-700">
          {customer.email} · customer since {day(customer.since)}
        </p>
      </header>

      <Card>
        <CardHeader title="Conversations" />
        {conversations.length === 0 ? (
          <CardBody>
            <p className="text-sm text-slate-700">No conversations yet.</p>
          </CardBody>
        ) : (
          <Table caption="Conversations, most recent first">
            <thead>
              <tr>
                <Th>Subject</Th>
                <Th>Channel</Th>
                <Th>Status</Th>
                <Th className="text-right">Last activity</Th>
              </tr>
            </thead>
            <tbody>
              {conversations.map((conversation) => (
                <tr key={conversation.id}>
                  <Td className="min-w-48">
                    <Link
                      href={`/conversations/${conversation.id}`}
                      className="font-medium text-blue-800 underline-offset-2 hover:underline"
                    >
                      {conversation.subject}
                    </Link>
                  </Td>
                  <Td>{conversation.channel}</Td>
                  <Td>
                    <ConversationStatusBadge status={conversation.status} />
                    <span className="block text-xs text-slate-700">
                      Ticket {conversation.workflowStatus}
                    </span>
                  </Td>
                  <Td className="whitespace-nowrap text-right">
                    {day(conversation.lastMessageAt)}
                  </Td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Card>

      <section aria-labelledby="orders-heading" className="space-y-3">
        <h2 id="orders-heading" className="text-lg font-semibold">
          Orders
        </h2>
        {orders.length === 0 ? <p className="text-sm text-slate-700">No orders.</p> : null}
        {orders.map((order) => (
          <Card key={order.id}>
            <CardHeader
              as="h3"
              title={`Order ${order.number}`}
              description={`Placed ${day(order.placedAt)} · delivered ${day(order.deliveredAt)} · shipping ${formatMoney(order.shippingCents, order.currency)} · paid with ${order.paymentMethodLabel}`}
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
                      <Badge tone={refundTone[line.refundState]}>
                        {refundLabel[line.refundState]}
                      </Badge>
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
        ))}
      </section>

      <Card>
        <CardHeader title="Refunds" />
        {refunds.length === 0 ? (
          <CardBody>
            <p className="text-sm text-slate-700">No refunds yet.</p>
          </CardBody>
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
                      {day(refund.at)} · to {refund.target}
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

      <Card>
        <CardHeader title="Disputes and charges" />
        {disputes.length === 0 ? (
          <CardBody>
            <p className="text-sm text-slate-700">No disputes.</p>
          </CardBody>
        ) : (
          <Table caption="Disputes, most recent first">
            <thead>
              <tr>
                <Th>Charges</Th>
                <Th>Category</Th>
                <Th>Impact</Th>
                <Th className="text-right">Ledger amount</Th>
                <Th>Status</Th>
              </tr>
            </thead>
            <tbody>
              {disputes.map((dispute) => (
                <tr key={dispute.id} data-testid="dispute-row">
                  <Td>
                    <Link
                      href={`/conversations/${dispute.conversationId}`}
                      className="font-mono font-medium text-blue-800 underline-offset-2 hover:underline"
                    >
                      {dispute.chargeReferences.join(", ")}
                    </Link>
                  </Td>
                  <Td>{dispute.category.replaceAll("_", " ")}</Td>
                  <Td>{dispute.impact}</Td>
                  <Td className="whitespace-nowrap text-right tabular-nums">
                    {formatMoney(dispute.amountCents, dispute.currency)}
                  </Td>
                  <Td>{dispute.status}</Td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
        {charges.length > 0 ? (
          <CardBody>
            <h3 className="text-sm font-semibold text-slate-900">Charges on the ledger</h3>
            <ul className="mt-1 space-y-1 text-sm text-slate-800">
              {charges.map((charge) => (
                <li key={charge.id}>
                  <span className="font-mono">{charge.reference}</span> ·{" "}
                  {formatMoney(charge.amountCents, charge.currency)} · {charge.description} ·{" "}
                  {day(charge.chargedAt)}
                </li>
              ))}
            </ul>
          </CardBody>
        ) : null}
      </Card>
    </div>
  );
}
