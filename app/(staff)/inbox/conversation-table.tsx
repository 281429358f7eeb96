"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { ConversationStatusBadge } from "@/components/conversations/conversation-status-badge";
import { NeedsPersonNotice } from "@/components/conversations/needs-person-notice";
import { isTypingTarget } from "@/components/staff/typing-target";
import { RelativeTime } from "@/components/ui/relative-time";
import { Table, Td, Th } from "@/components/ui/table";
import { formatMoney } from "@/lib/domain/money";
import type { InboxConversation } from "@/lib/server/services/inbox/list-inbox";

const channelLabel = { chat: "Chat", email: "Email" } as const;

/**
 * The conversation list with keyboard navigation: j/k move the selection (and focus, so the
 * screen reader reads the row), Enter opens it. Keys typed into a field are left alone.
 */
export function ConversationTable({
  conversations,
  now,
}: {
  conversations: InboxConversation[];
  now: Date;
}) {
  const router = useRouter();
  // The selection names a conversation, not a position: the list reorders live as tickets move.
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const links = useRef(new Map<string, HTMLAnchorElement>());

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (isTypingTarget(event.target)) return;
      if (event.key === "j" || event.key === "k") {
        event.preventDefault();
        if (conversations.length === 0) return;
        const current = conversations.findIndex(({ id }) => id === selectedId);
        const next =
          current === -1
            ? 0
            : Math.min(
                conversations.length - 1,
                Math.max(0, current + (event.key === "j" ? 1 : -1)),
              );
        const nextId = conversations[next]?.id ?? null;
        setSelectedId(nextId);
        if (nextId) links.current.get(nextId)?.focus();
      } else if (event.key === "Enter" && selectedId !== null) {
        // A focused link opens itself; this covers a selection whose focus moved elsewhere.
        if (event.target instanceof HTMLAnchorElement) return;
        if (conversations.some(({ id }) => id === selectedId))
          router.push(`/conversations/${selectedId}`);
      }
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [conversations, selectedId, router]);

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
          <Th className="text-right">Last activity</Th>
        </tr>
      </thead>
      <tbody>
        {conversations.map((conversation) => (
          <tr
            key={conversation.id}
            data-testid="inbox-row"
            data-conversation-id={conversation.id}
            data-selected={selectedId === conversation.id ? "" : undefined}
            className={
              selectedId === conversation.id
                ? "bg-blue-50 shadow-[inset_4px_0_0_#1d4ed8]"
                : "hover:bg-slate-50"
            }
          >
            <Td>
              <ConversationStatusBadge status={conversation.status} />
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
            <Td className="min-w-48">
              <Link
                ref={(element) => {
                  if (element) links.current.set(conversation.id, element);
                  else links.current.delete(conversation.id);
                }}
                href={`/conversations/${conversation.id}`}
                onFocus={() => setSelectedId(conversation.id)}
                className="font-medium text-blue-800 underline-offset-2 hover:underline"
              >
                {conversation.subject}
              </Link>
              {conversation.order ? (
                <span className="block font-mono text-xs text-slate-600">
                  Order {conversation.order.number}
                </span>
              ) : null}
            </Td>
            <Td>
              <Link
                href={`/customers/${conversation.customer.id}`}
                className="block font-medium text-blue-800 underline-offset-2 hover:underline"
              >
                {conversation.customer.name}
              </Link>
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
              <RelativeTime date={new Date(conversation.createdAt)} now={now} />
            </Td>
            <Td className="whitespace-nowrap text-right text-slate-600">
              <RelativeTime date={new Date(conversation.lastMessageAt)} now={now} />
            </Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
