"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";
import type { ConversationThreadSnapshot } from "@/lib/server/services/conversations/get-conversation-thread";

/** What the Activity view tells, as the live snapshot shows it: not a run's steps, which it does not. */
function storyKey({ conversation, timeline, actions, disputes }: ConversationThreadSnapshot) {
  return JSON.stringify([
    conversation.status,
    conversation.workflowStatus,
    conversation.assignee?.id ?? null,
    conversation.humanOwner?.id ?? null,
    conversation.needsPerson?.since ?? null,
    timeline.map((item) => (item.type === "run" ? `${item.id}:${item.status}` : item.id)),
    actions.map((action) => `${action.id}:${action.status}:${action.refund?.state ?? ""}`),
    disputes.map((dispute) => `${dispute.id}:${dispute.status}`),
  ]);
}

/**
 * The Activity view is drawn on the server from the audit log, which the live snapshot does not
 * carry. When the snapshot shows the story moved on (a message, a run starting or ending, a
 * refund's or the ticket's status, its owner), the page is refreshed once so the Activity tells
 * it too; the steps of a running agent alone refresh nothing.
 */
export function useActivityRefresh(snapshot: ConversationThreadSnapshot) {
  const router = useRouter();
  const key = storyKey(snapshot);
  const told = useRef(key);
  useEffect(() => {
    if (key === told.current) return;
    told.current = key;
    router.refresh();
  }, [key, router]);
}
