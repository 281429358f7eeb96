import { DisputeActions } from "@/components/staff/dispute-actions";
import { Badge } from "@/components/ui/badge";
import { Table, Td, Th } from "@/components/ui/table";
import { formatMoney } from "@/lib/domain/money";
import type { WorkQueuePage } from "@/lib/server/services/queues/list-work-queue";
import { CustomerLink, EmptyQueue, TicketLink } from "./queue-cells";

type DisputesPage = Extract<WorkQueuePage, { queue: "disputes" }>;

/** Open billing disputes with their ledger amount, and the billing team's actions. */
export function DisputesTable({
  title,
  page,
  canResolveDisputes,
}: {
  title: string;
  page: DisputesPage;
  canResolveDisputes: boolean;
}) {
  if (page.disputes.length === 0) return <EmptyQueue />;
  return (
    <Table stackOnNarrow caption={`${title}, oldest first`}>
      <thead>
        <tr>
          <Th>Dispute</Th>
          <Th>Customer</Th>
          <Th>Category</Th>
          <Th>Impact</Th>
          <Th className="text-right">Ledger amount</Th>
          <Th>Status</Th>
        </tr>
      </thead>
      <tbody>
        {page.disputes.map((dispute) => (
          <tr key={dispute.id} data-testid="queue-row" className="align-top">
            <Td label="Dispute" wide className="min-w-48">
              <TicketLink id={dispute.conversation.id} subject={dispute.conversation.subject} />
              <span className="block font-mono text-xs text-slate-600">
                {dispute.chargeReferences.join(", ")}
              </span>
            </Td>
            <Td label="Customer">
              <CustomerLink customer={dispute.customer} />
            </Td>
            <Td label="Category">{dispute.category.replaceAll("_", " ")}</Td>
            <Td label="Impact">
              <Badge tone={dispute.impact === "low" ? "neutral" : "warning"}>
                {dispute.impact}
              </Badge>
            </Td>
            <Td label="Ledger amount" className="whitespace-nowrap text-right tabular-nums">
              {formatMoney(dispute.amountCents, dispute.currency)}
            </Td>
            <Td label="Status">
              <Badge tone="warning">{dispute.status}</Badge>
              {canResolveDisputes ? (
                <div className="mt-2">
                  <DisputeActions disputeId={dispute.id} status={dispute.status} />
                </div>
              ) : null}
            </Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
