"use client";

import { useRouter } from "next/navigation";
import { useCallback, useEffect, useRef, useState } from "react";
import { ConversationStatusBadge } from "@/components/conversations/conversation-status-badge";
import { useLiveEvents, useLiveStatus } from "@/components/realtime/use-live-events";
import { formatMoney } from "@/lib/domain/money";
import type { ConversationStatus } from "@/lib/generated/prisma/enums";
import type { TicketThreadSnapshot } from "@/lib/server/services/tickets/get-ticket-thread";
import { ActionCard } from "./action-card";
import { formatMicroUsd } from "./format-run";
import { MessageItem } from "./message-item";
import { ReplyForm } from "./reply-form";
import { RunBlock } from "./run-block";

// A burst of events (one per stored step) becomes one refetch per window.
const REFETCH_WINDOW_MS = 200;
// Only while the live stream is down and the agent is working: a fallback, not the mechanism.
const OFFLINE_POLL_MS = 2000;

/*
 * The thread renders from one snapshot: first the server's, then newer ones from
 * GET /api/tickets/:id, fetched when a live event about this conversation arrives, after each
 * action here, or on a slow timer while the live stream is offline and a run is active.
 */
export function TicketThread({
  initial,
  canControlRuns,
  canReply,
}: {
  initial: TicketThreadSnapshot;
  canControlRuns: boolean;
  canReply: boolean;
}) {
  const router = useRouter();
  const [snapshot, setSnapshot] = useState(initial);

  useEffect(() => {
    setSnapshot((current) => (initial.generatedAt > current.generatedAt ? initial : current));
  }, [initial]);

  const reload = useCallback(async () => {
    const response = await fetch(`/api/tickets/${initial.conversation.id}`, {
      cache: "no-store",
      credentials: "same-origin",
    }).catch(() => null);
    if (!response?.ok) return;
    const next = (await response.json()) as TicketThreadSnapshot;
    setSnapshot((current) => (next.generatedAt > current.generatedAt ? next : current));
  }, [initial.conversation.id]);

  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(pending.current), []);
  const scheduleReload = useCallback(() => {
    if (pending.current) return;
    pending.current = setTimeout(() => {
      pending.current = undefined;
      void reload();
    }, REFETCH_WINDOW_MS);
  }, [reload]);
  useLiveEvents({
    conversationId: initial.conversation.id,
    onEvent: scheduleReload,
    onSnapshot: scheduleReload,
  });

  const live = useLiveStatus();
  const active = snapshot.timeline.some(
    (item) => item.type === "run" && (item.status === "queued" || item.status === "running"),
  );
  useEffect(() => {
    if (!active || live.state === "online") return;
    const timer = window.setInterval(() => void reload(), OFFLINE_POLL_MS);
    return () => window.clearInterval(timer);
  }, [active, live.state, reload]);

  const changed = useCallback(() => {
    void reload();
    router.refresh();
  }, [reload, router]);

  const { conversation, actions, emails, totals } = snapshot;
  return (
    <div className="space-y-6">
      <header className="space-y-2">
        <p className="text-sm text-slate-600">
          Ticket · {conversation.channel === "email" ? "Email" : "Chat"}
          {conversation.orderNumber ? ` · order ${conversation.orderNumber}` : ""}
        </p>
        <h1 className="break-words text-2xl font-semibold tracking-tight">
          {conversation.subject}
        </h1>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-700">
          <ConversationStatusBadge status={conversation.status as ConversationStatus} />
          <span>
            <span className="font-medium text-slate-900">{conversation.customer.name}</span>{" "}
            <span className="break-all">{conversation.customer.email}</span>
          </span>
          {conversation.amountAtStakeCents !== null ? (
            <span>
              At stake:{" "}
              <span className="font-medium text-slate-900">
                {formatMoney(conversation.amountAtStakeCents, conversation.currency)}
              </span>
            </span>
          ) : null}
          <span>
            {totals.models.join(", ") || "no model run yet"} · {totals.inputTokens} in /{" "}
            {totals.outputTokens} out tokens · {formatMicroUsd(totals.costMicroUsd)}
          </span>
        </div>
        <p className="sr-only" aria-live="polite">
          {active ? "The agent is working; new steps appear as they are stored." : ""}
        </p>
      </header>

      {/* The refund card comes first so a phone shows what is at stake before the long thread. */}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <aside
          aria-labelledby="actions-heading"
          className="min-w-0 space-y-4 lg:col-start-2 lg:row-start-1"
        >
          <h2 id="actions-heading" className="text-lg font-semibold">
            Refunds and email
          </h2>
          {actions.length === 0 ? (
            <p className="text-sm text-slate-700">No refund proposed in this conversation.</p>
          ) : (
            actions.map((action) => <ActionCard key={action.id} action={action} />)
          )}
          {emails.length > 0 ? (
            <section aria-labelledby="emails-heading" className="space-y-2">
              <h3 id="emails-heading" className="text-sm font-semibold text-slate-900">
                Emails to the customer
              </h3>
              <ul className="space-y-2 text-sm">
                {emails.map((email) => (
                  <li
                    key={email.id}
                    className="rounded-md border border-slate-200 bg-white px-3 py-2"
                  >
                    <span className="block font-medium break-words">{email.subject}</span>
                    <span className="block break-all text-slate-600">
                      to {email.to} · {email.status}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </aside>
        <section
          aria-labelledby="thread-heading"
          className="min-w-0 space-y-3 lg:col-start-1 lg:row-start-1"
        >
          <h2 id="thread-heading" className="text-lg font-semibold">
            Conversation
          </h2>
          <p className="text-sm text-slate-600">
            Solid cards are what the customer sees; dashed boxes are internal work and notes.
          </p>
          <ol className="space-y-3">
            {snapshot.timeline.map((item) => (
              <li key={`${item.type}-${item.id}`}>
                {item.type === "message" ? (
                  <MessageItem message={item} />
                ) : (
                  <RunBlock run={item} canControl={canControlRuns} onChanged={changed} />
                )}
              </li>
            ))}
          </ol>
          {canReply ? (
            <div className="rounded-lg border border-slate-200 bg-white px-4 py-3 shadow-sm">
              <ReplyForm conversationId={conversation.id} onSent={changed} />
            </div>
          ) : null}
        </section>
      </div>
    </div>
  );
}
