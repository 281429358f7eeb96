"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useRef, useState } from "react";
import { ConversationStatusBadge } from "@/components/conversations/conversation-status-badge";
import { NeedsPersonNotice } from "@/components/conversations/needs-person-notice";
import { useLiveEvents, useLiveStatus } from "@/components/realtime/use-live-events";
import { getJson } from "@/lib/client/get-json";
import { describeProblem } from "@/lib/client/send-json";
import { formatMoney } from "@/lib/domain/money";
import type { ConversationStatus } from "@/lib/generated/prisma/enums";
import type { ConversationThreadSnapshot } from "@/lib/server/services/conversations/get-conversation-thread";
import { ActionCard } from "./action-card";
import { DisputeCard } from "./dispute-card";
import { EmailItem } from "./email-item";
import { formatUsage } from "./format-run";
import { MessageItem } from "./message-item";
import { ReplyForm } from "./reply-form";
import { RunBlock } from "./run-block";
import { type ComposerHandle, TicketComposer } from "./ticket-composer";
import { solveTicket, TicketWorkBar } from "./ticket-work-bar";
import { useTicketShortcuts } from "./use-ticket-shortcuts";

const IDENTITY_LABELS: Record<ConversationThreadSnapshot["conversation"]["identity"], string> = {
  signed_token: "verified by the shop's signed token",
  order_check: "verified by email and order number",
  demo_story: "demo story started by staff",
  email_sender: "identified by the sender's email address",
  none: "identity not verified",
};

// A burst of events (one per stored step) becomes one refetch per window.
const REFETCH_WINDOW_MS = 200;
// Only while the live stream is down and the agent is working: a fallback, not the mechanism.
const OFFLINE_POLL_MS = 2000;

/*
 * The thread renders from one snapshot: first the server's, then newer ones from
 * GET /api/conversations/:id, fetched when a live event about this conversation arrives, after each
 * action here, or on a slow timer while the live stream is offline and a run is active.
 */
export function TicketThread({
  initial,
  meId,
  canControlRuns,
  canReply,
  canActForCustomer,
  canResolveDisputes,
}: {
  initial: ConversationThreadSnapshot;
  meId: string;
  canControlRuns: boolean;
  canReply: boolean;
  /** The admin's "staff may act for a customer" setting, for a role that may reply. */
  canActForCustomer: boolean;
  canResolveDisputes: boolean;
}) {
  const router = useRouter();
  const [snapshot, setSnapshot] = useState(initial);

  useEffect(() => {
    setSnapshot((current) => (initial.generatedAt > current.generatedAt ? initial : current));
  }, [initial]);

  const reload = useCallback(async () => {
    const result = await getJson<ConversationThreadSnapshot>(
      `/api/conversations/${initial.conversation.id}`,
    );
    if (!result.ok) return;
    const next = result.data;
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

  const composer = useRef<ComposerHandle>(null);
  const assignee = useRef<HTMLSelectElement>(null);
  const [shortcutStatus, setShortcutStatus] = useState("");
  useTicketShortcuts(
    canReply
      ? {
          r: () => composer.current?.open("reply"),
          n: () => composer.current?.open("note"),
          a: () => assignee.current?.focus(),
          s: () => {
            void solveTicket(initial.conversation.id).then((result) => {
              setShortcutStatus(result.ok ? "Marked solved." : describeProblem(result.problem));
              if (result.ok) changed();
            });
          },
        }
      : null,
  );

  const { conversation, actions, disputes, totals } = snapshot;
  const [latestOrder, ...earlierOrders] = conversation.orderNumbers;
  return (
    <div className="space-y-6">
      <header className="space-y-2">
        <p className="text-sm text-slate-600">
          Ticket · {conversation.channel === "email" ? "Email" : "Chat"}
          {latestOrder ? ` · order ${latestOrder}` : " · no order yet"}
          {earlierOrders.length > 0 ? ` (earlier: ${earlierOrders.join(", ")})` : ""}
        </p>
        <h1 className="break-words text-2xl font-semibold tracking-tight">
          {conversation.subject}
        </h1>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-700">
          <ConversationStatusBadge status={conversation.status as ConversationStatus} />
          <span>
            <Link
              href={`/customers/${conversation.customer.id}`}
              className="font-medium text-blue-800 underline"
            >
              {conversation.customer.name}
            </Link>{" "}
            <span className="break-all">{conversation.customer.email}</span>{" "}
            <span className="text-slate-600">· {IDENTITY_LABELS[conversation.identity]}</span>
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
            {totals.models.join(", ") || "no model run yet"} ·{" "}
            {formatUsage({
              ...totals,
              unreported: totals.usageUnreportedSteps,
              modelOutputs: totals.modelOutputSteps,
            })}
          </span>
        </div>
        {conversation.needsPerson ? <NeedsPersonNotice flag={conversation.needsPerson} /> : null}
        <p className="sr-only" aria-live="polite">
          {active ? "The agent is working; new steps appear as they are stored." : ""}
        </p>
        {canReply ? (
          <TicketWorkBar
            conversation={conversation}
            staff={snapshot.staff}
            meId={meId}
            onChanged={changed}
            assigneeRef={assignee}
          />
        ) : null}
        <p role="status" className="text-sm text-slate-700">
          {shortcutStatus}
        </p>
      </header>

      {/* The refund card comes first so a phone shows what is at stake before the long thread. */}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <aside
          aria-labelledby="actions-heading"
          className="min-w-0 space-y-4 lg:col-start-2 lg:row-start-1"
        >
          <h2 id="actions-heading" className="text-lg font-semibold">
            Refunds and disputes
          </h2>
          {actions.length === 0 && disputes.length === 0 ? (
            <p className="text-sm text-slate-700">No refund or dispute in this conversation.</p>
          ) : null}
          {disputes.map((dispute) => (
            <DisputeCard
              key={dispute.id}
              dispute={dispute}
              canResolve={canResolveDisputes}
              onChanged={changed}
            />
          ))}
          {actions.map((action) => (
            <ActionCard key={action.id} action={action} />
          ))}
        </aside>
        <section
          aria-labelledby="thread-heading"
          className="min-w-0 space-y-3 lg:col-start-1 lg:row-start-1"
        >
          <h2 id="thread-heading" className="text-lg font-semibold">
            Conversation
          </h2>
          <p className="text-sm text-slate-600">
            Solid cards are what the customer saw, emails word for word; dashed boxes are internal
            work and notes. Open an agent run to see its steps.
          </p>
          <ol className="space-y-3">
            {snapshot.timeline.map((item) => (
              <li key={`${item.type}-${item.id}`}>
                {item.type === "message" ? (
                  <MessageItem message={item} />
                ) : item.type === "email" ? (
                  <EmailItem email={item} />
                ) : (
                  <RunBlock run={item} canControl={canControlRuns} onChanged={changed} />
                )}
              </li>
            ))}
          </ol>
          {canReply ? (
            <TicketComposer
              ref={composer}
              conversationId={conversation.id}
              channel={conversation.channel}
              customerName={conversation.customer.name}
              onSent={changed}
            />
          ) : null}
          {canActForCustomer ? (
            <div className="rounded-lg border border-slate-200 bg-slate-50 px-4 py-3">
              <ReplyForm conversationId={conversation.id} onSent={changed} />
            </div>
          ) : null}
        </section>
      </div>
    </div>
  );
}
