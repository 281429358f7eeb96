"use client";

import { useMemo } from "react";
import { Table, Th } from "@/components/ui/table";
import type { InboxConversation } from "@/lib/server/services/inbox/list-inbox";
import { ConversationRow } from "./conversation-row";
import { useRowKeys } from "./use-row-keys";

/** The conversation list, moved through with j/k and opened with Enter. */
export function ConversationTable({
  conversations,
  now,
}: {
  conversations: InboxConversation[];
  now: Date;
}) {
  const ids = useMemo(() => conversations.map(({ id }) => id), [conversations]);
  const { selectedId, select, linkRef } = useRowKeys(ids);

  return (
    <Table stackOnNarrow caption="Conversations, most recent activity first">
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
          <ConversationRow
            key={conversation.id}
            conversation={conversation}
            now={now}
            selected={selectedId === conversation.id}
            linkRef={linkRef(conversation.id)}
            onSelect={() => select(conversation.id)}
          />
        ))}
      </tbody>
    </Table>
  );
}
