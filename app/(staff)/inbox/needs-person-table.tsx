import { Badge } from "@/components/ui/badge";
import { RelativeTime } from "@/components/ui/relative-time";
import { Table, Td, Th } from "@/components/ui/table";
import { needsPersonKindLabel } from "@/lib/domain/needs-person";
import type { WorkQueuePage } from "@/lib/server/services/queues/list-work-queue";
import { CustomerLink, EmptyQueue, TicketLink } from "./queue-cells";

type NeedsPersonPage = Extract<WorkQueuePage, { queue: "needs_person" }>;

/** Conversations handed to a person, with the agent's reason and how long they have waited. */
export function NeedsPersonTable({
  title,
  page,
  now,
}: {
  title: string;
  page: NeedsPersonPage;
  now: Date;
}) {
  if (page.conversations.length === 0) return <EmptyQueue />;
  return (
    <Table stackOnNarrow caption={`${title}, longest wait first`}>
      <thead>
        <tr>
          <Th>Conversation</Th>
          <Th>Customer</Th>
          <Th>Why</Th>
          <Th>Waiting</Th>
        </tr>
      </thead>
      <tbody>
        {page.conversations.map((conversation) => (
          <tr key={conversation.id} data-testid="queue-row" className="align-top">
            <Td label="Conversation" wide className="min-w-48">
              <TicketLink id={conversation.id} subject={conversation.subject} />
            </Td>
            <Td label="Customer">
              <CustomerLink customer={conversation.customer} />
            </Td>
            <Td label="Why" wide className="min-w-64 break-words text-sm text-slate-900">
              {conversation.needsPersonKind ? (
                <span className="mb-1 block">
                  <Badge tone="warning">{needsPersonKindLabel(conversation.needsPersonKind)}</Badge>
                </span>
              ) : null}
              {conversation.needsPersonReason}
            </Td>
            <Td label="Waiting" className="whitespace-nowrap text-sm text-slate-700">
              {conversation.needsPersonSince ? (
                <RelativeTime date={conversation.needsPersonSince} now={now} />
              ) : null}
            </Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
