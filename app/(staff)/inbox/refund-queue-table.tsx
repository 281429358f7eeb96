import Link from "next/link";
import { RefundProviderLine } from "@/components/conversations/refund-provider-line";
import { Table, Td, Th } from "@/components/ui/table";
import { formatMoney } from "@/lib/domain/money";
import type { QueueAction, WorkQueuePage } from "@/lib/server/services/queues/list-work-queue";
import { CustomerLink, EmptyQueue, TicketLink } from "./queue-cells";
import { ReconciliationActions } from "./reconciliation-actions";

type RefundQueuePage = Extract<WorkQueuePage, { actions: QueueAction[] }>;

/** Refunds waiting on approval, failed, or with an unknown outcome, and what to do about each. */
export function RefundQueueTable({
  title,
  page,
  canReconcile,
}: {
  title: string;
  page: RefundQueuePage;
  canReconcile: boolean;
}) {
  if (page.actions.length === 0) return <EmptyQueue />;
  const nextStepTitle =
    page.queue === "needs_approval" ? "Waiting" : "What happened and what to do";
  return (
    <Table stackOnNarrow caption={`${title}, oldest first`}>
      <thead>
        <tr>
          <Th>Refund</Th>
          <Th>Customer</Th>
          <Th className="text-right">Amount</Th>
          <Th>{nextStepTitle}</Th>
        </tr>
      </thead>
      <tbody>
        {page.actions.map((action) => (
          <tr key={action.id} data-testid="queue-row" className="align-top">
            <Td label="Refund" wide className="min-w-48">
              <TicketLink id={action.conversation.id} subject={action.conversation.subject} />
              <span className="block font-mono text-xs text-slate-600">
                Order {action.order.number}
              </span>
            </Td>
            <Td label="Customer">
              <CustomerLink customer={action.customer} />
            </Td>
            <Td label="Amount" className="whitespace-nowrap text-right tabular-nums">
              {formatMoney(action.netRefundCents, action.currency)}
            </Td>
            <Td label={nextStepTitle} wide className="min-w-64">
              <RefundNextStep action={action} queue={page.queue} canReconcile={canReconcile} />
            </Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

function RefundNextStep({
  action,
  queue,
  canReconcile,
}: {
  action: QueueAction;
  queue: RefundQueuePage["queue"];
  canReconcile: boolean;
}) {
  if (queue === "needs_approval") {
    return (
      <Link href="/approvals" className="text-sm font-medium text-blue-800 underline">
        Decide on the Approvals page
      </Link>
    );
  }
  if (queue === "failed_refunds") {
    return (
      <div className="space-y-1 text-sm">
        <div className="text-red-800">
          <span className="font-medium">Why: </span>
          {action.refund ? (
            <RefundProviderLine refund={action.refund} />
          ) : (
            (action.failureReason ?? "No reason was recorded.")
          )}
        </div>
        <p className="text-slate-900">
          <span className="font-medium">Next step: </span>
          {action.nextStep}
        </p>
      </div>
    );
  }
  return canReconcile ? (
    <ReconciliationActions actionId={action.id} />
  ) : (
    <p className="text-sm text-slate-700">An approver or admin settles these.</p>
  );
}
