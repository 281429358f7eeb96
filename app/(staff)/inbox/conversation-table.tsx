import Link from "next/link";
import { ConversationStatusBadge } from "@/components/conversations/conversation-status-badge";
import { RelativeTime } from "@/components/ui/relative-time";
import { Table, Td, Th } from "@/components/ui/table";
import { formatMoney } from "@/lib/domain/money";
import type { InboxConversation } from "@/lib/server/services/inbox/get-inbox-overview";

const channelLabel = { chat: "Chat", email: "Email" } as const;

export function ConversationTable({
  conversations,
  now,
}: {
  conversations: InboxConversation[];
  now: Date;
}) {
  return (
    <Table caption="Conversations, most recent activity first">
      <thead>
        <tr>
          <Th>Status</Th>
          <Th>Subject</Th>
          <Th>Customer</Th>
          <Th>Channel</Th>
          <Th className="text-right">At stake</Th>
          <Th className="text-right">Age</Th>
        </tr>
      </thead>
      <tbody>
        {conversations.map((conversation) => (
          <tr key={conversation.id} className="hover:bg-slate-50">
            <Td>
              <ConversationStatusBadge status={conversation.status} />
            </Td>
            <Td className="min-w-48">
              <Link
                href={`/tickets/${conversation.id}`}
                className="font-medium text-blue-800 underline-offset-2 hover:underline"
              >
                {conversation.subject}
              </Link>
            </Td>
            <Td>
              <span className="block font-medium">{conversation.customer.name}</span>
              <span className="block text-slate-600">{conversation.customer.email}</span>
            </Td>
            <Td>{channelLabel[conversation.channel]}</Td>
            <Td className="whitespace-nowrap text-right tabular-nums">
              {conversation.amountAtStakeCents === null ? (
                <>
                  <span aria-hidden="true" className="text-slate-500">
                    —
                  </span>
                  <span className="sr-only">None</span>
                </>
              ) : (
                formatMoney(conversation.amountAtStakeCents, conversation.currency)
              )}
            </Td>
            <Td className="whitespace-nowrap text-right text-slate-600">
              <RelativeTime date={conversation.lastMessageAt} now={now} />
            </Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
