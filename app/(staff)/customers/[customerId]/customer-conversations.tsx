import Link from "next/link";
import { ConversationStatusBadge } from "@/components/conversations/conversation-status-badge";
import { Card, CardHeader } from "@/components/ui/card";
import { Table, Td, Th } from "@/components/ui/table";
import type { CustomerProfile } from "@/lib/server/services/customers/get-customer-profile";
import { EmptyCardBody } from "./empty-card-body";
import { utcDay } from "./utc-day";

export function CustomerConversations({
  conversations,
}: {
  conversations: CustomerProfile["conversations"];
}) {
  return (
    <Card>
      <CardHeader title="Conversations" />
      {conversations.length === 0 ? (
        <EmptyCardBody>No conversations yet.</EmptyCardBody>
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
                  {utcDay(conversation.lastMessageAt)}
                </Td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </Card>
  );
}
