import Link from "next/link";
import { DisputeActions } from "@/components/staff/dispute-actions";
import { Badge } from "@/components/ui/badge";
import { Table, Td, Th } from "@/components/ui/table";
import { formatMoney } from "@/lib/domain/money";
import type { QueueAction, WorkQueuePage } from "@/lib/server/services/queues/list-work-queue";
import { ReconciliationActions } from "./reconciliation-actions";

export const QUEUE_TITLES = {
  needs_person: "Needs a person",
  needs_approval: "Needs approval",
  disputes: "Disputes",
  failed_refunds: "Failed refunds",
  needs_reconciliation: "Needs reconciliation",
} as const;

const QUEUE_HELP = {
  needs_person:
    "Conversations the agent handed to a person, with why. Taking one over clears it from this list.",
  needs_approval: "Refunds waiting for an approver's decision. Decide them on the Approvals page.",
  disputes:
    "Billing disputes opened by the agent, with the amount from the ledger. The billing team acknowledges and resolves them; the agent never promises a credit.",
  failed_refunds:
    "Refunds refused by the last check before money moved. Each says why and what to do next; solving the ticket takes it off this list.",
  needs_reconciliation:
    "Refunds whose payment outcome is unknown. Look each up at the provider by its idempotency key, then settle it.",
} as const;

/** One work queue as a table; every row links to its ticket and its customer. */
export function WorkQueueView({
  page,
  canReconcile,
  canResolveDisputes,
}: {
  page: WorkQueuePage;
  canReconcile: boolean;
  canResolveDisputes: boolean;
}) {
  const title = QUEUE_TITLES[page.queue];
  return (
    <div className="space-y-3">
      <p className="px-4 pt-4 text-sm text-slate-700 sm:px-6">{QUEUE_HELP[page.queue]}</p>
      {page.queue === "needs_person" ? (
        page.conversations.length === 0 ? (
          <Empty />
        ) : (
          <Table caption={`${title}, longest wait first`}>
            <thead>
              <tr>
                <Th>Conversation</Th>
                <Th>Customer</Th>
                <Th>Why</Th>
              </tr>
            </thead>
            <tbody>
              {page.conversations.map((conversation) => (
                <tr key={conversation.id} data-testid="queue-row" className="align-top">
                  <Td className="min-w-48">
                    <TicketLink id={conversation.id} subject={conversation.subject} />
                  </Td>
                  <Td>
                    <CustomerLink customer={conversation.customer} />
                  </Td>
                  <Td className="min-w-64 break-words text-sm text-slate-900">
                    {conversation.needsPersonReason}
                  </Td>
                </tr>
              ))}
            </tbody>
          </Table>
        )
      ) : page.queue === "disputes" ? (
        page.disputes.length === 0 ? (
          <Empty />
        ) : (
          <Table caption={`${title}, oldest first`}>
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
                  <Td className="min-w-48">
                    <TicketLink
                      id={dispute.conversation.id}
                      subject={dispute.conversation.subject}
                    />
                    <span className="block font-mono text-xs text-slate-600">
                      {dispute.chargeReferences.join(", ")}
                    </span>
                  </Td>
                  <Td>
                    <CustomerLink customer={dispute.customer} />
                  </Td>
                  <Td>{dispute.category.replaceAll("_", " ")}</Td>
                  <Td>
                    <Badge tone={dispute.impact === "low" ? "neutral" : "warning"}>
                      {dispute.impact}
                    </Badge>
                  </Td>
                  <Td className="whitespace-nowrap text-right tabular-nums">
                    {formatMoney(dispute.amountCents, dispute.currency)}
                  </Td>
                  <Td>
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
        )
      ) : page.actions.length === 0 ? (
        <Empty />
      ) : (
        <Table caption={`${title}, oldest first`}>
          <thead>
            <tr>
              <Th>Refund</Th>
              <Th>Customer</Th>
              <Th className="text-right">Amount</Th>
              <Th>
                {page.queue === "needs_approval" ? "Waiting" : "What happened and what to do"}
              </Th>
            </tr>
          </thead>
          <tbody>
            {page.actions.map((action) => (
              <tr key={action.id} data-testid="queue-row" className="align-top">
                <Td className="min-w-48">
                  <TicketLink id={action.conversation.id} subject={action.conversation.subject} />
                  <span className="block font-mono text-xs text-slate-600">
                    Order {action.order.number}
                  </span>
                </Td>
                <Td>
                  <CustomerLink customer={action.customer} />
                </Td>
                <Td className="whitespace-nowrap text-right tabular-nums">
                  {formatMoney(action.netRefundCents, action.currency)}
                </Td>
                <Td className="min-w-64">
                  <ActionDetail action={action} queue={page.queue} canReconcile={canReconcile} />
                </Td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </div>
  );
}

function ActionDetail({
  action,
  queue,
  canReconcile,
}: {
  action: QueueAction;
  queue: Exclude<WorkQueuePage["queue"], "disputes" | "needs_person">;
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
        <p className="text-red-800">
          <span className="font-medium">Why: </span>
          {action.failureReason ?? "No reason was recorded."}
        </p>
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

function TicketLink({ id, subject }: { id: string; subject: string }) {
  return (
    <Link
      href={`/conversations/${id}`}
      className="font-medium text-blue-800 underline-offset-2 hover:underline"
    >
      {subject}
    </Link>
  );
}

function CustomerLink({ customer }: { customer: { id: string; name: string; email: string } }) {
  return (
    <>
      <Link
        href={`/customers/${customer.id}`}
        className="block font-medium text-blue-800 underline-offset-2 hover:underline"
      >
        {customer.name}
      </Link>
      <span className="block break-all text-slate-600">{customer.email}</span>
    </>
  );
}

function Empty() {
  return <p className="px-4 pb-4 text-sm text-slate-700 sm:px-6">Nothing waits in this queue.</p>;
}
