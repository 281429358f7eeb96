import Link from "next/link";
import type { Ref } from "react";
import { ConversationStatusBadge } from "@/components/conversations/conversation-status-badge";
import { NeedsPersonNotice } from "@/components/conversations/needs-person-notice";
import { SlaBadge } from "@/components/conversations/sla-badge";
import { TagChips } from "@/components/tags/tag-chip";
import { RelativeTime } from "@/components/ui/relative-time";
import { Td } from "@/components/ui/table";
import { formatMoney } from "@/lib/domain/money";
import type { InboxConversation } from "@/lib/server/services/inbox/list-inbox";

const channelLabel = { chat: "Chat", email: "Email" } as const;

/** One conversation of the inbox; its subject link is what j/k focus. */
export function ConversationRow({
  conversation,
  now,
  selected,
  linkRef,
  onSelect,
}: {
  conversation: InboxConversation;
  now: Date;
  selected: boolean;
  linkRef: Ref<HTMLAnchorElement>;
  onSelect: () => void;
}) {
  return (
    <tr
      data-testid="inbox-row"
      data-conversation-id={conversation.id}
      data-selected={selected ? "" : undefined}
      className={selected ? "bg-blue-50 shadow-[inset_4px_0_0_#1d4ed8]" : "hover:bg-slate-50"}
    >
      <Td label="Status" wide>
        <ConversationStatusBadge status={conversation.status} />{" "}
        <SlaBadge dueAt={conversation.slaDueAt} warnAt={conversation.slaWarnAt} now={now} />
        <span className="mt-1 block text-xs text-slate-700">
          Ticket {conversation.workflowStatus}
          {conversation.assignee ? ` · ${conversation.assignee.name}` : " · unassigned"}
        </span>
        {conversation.needsPersonReason ? (
          <NeedsPersonNotice flag={{ reason: conversation.needsPersonReason }} />
        ) : null}
        {conversation.humanOwner ? (
          <span className="block text-xs font-medium text-amber-900">
            Taken over by {conversation.humanOwner.name}
          </span>
        ) : null}
      </Td>
      <Td label="Subject" wide lead className="min-w-48">
        <Link
          ref={linkRef}
          href={`/conversations/${conversation.id}`}
          onFocus={onSelect}
          className="font-medium text-blue-800 underline-offset-2 hover:underline"
        >
          {conversation.subject}
        </Link>
        {conversation.order ? (
          <span className="block font-mono text-xs text-slate-600">
            Order {conversation.order.number}
          </span>
        ) : null}
        <TagChips tags={conversation.tags} className="mt-1" />
      </Td>
      <Td label="Customer">
        <Link
          href={`/customers/${conversation.customer.id}`}
          className="block font-medium text-blue-800 underline-offset-2 hover:underline"
        >
          {conversation.customer.name}
        </Link>
        <span className="block text-slate-600">{conversation.customer.email}</span>
      </Td>
      <Td label="Channel">{channelLabel[conversation.channel]}</Td>
      <Td label="At stake" className="whitespace-nowrap text-right tabular-nums">
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
      <Td label="Age" className="whitespace-nowrap text-right text-slate-600">
        <RelativeTime date={new Date(conversation.createdAt)} now={now} />
      </Td>
      <Td label="Last activity" className="whitespace-nowrap text-right text-slate-600">
        <RelativeTime date={new Date(conversation.lastMessageAt)} now={now} />
      </Td>
    </tr>
  );
}
