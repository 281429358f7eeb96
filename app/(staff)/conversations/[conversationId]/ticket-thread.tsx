"use client";

import type { ReactNode } from "react";
import { NeedsPersonNotice } from "@/components/conversations/needs-person-notice";
import type { ConversationThreadSnapshot } from "@/lib/server/services/conversations/get-conversation-thread";
import { ReplyForm } from "./reply-form";
import { SlaPauseControl } from "./sla-pause-control";
import { SlaTimer } from "./sla-timer";
import { TicketComposer } from "./ticket-composer";
import { TicketSidePanel } from "./ticket-side-panel";
import { TicketSummary } from "./ticket-summary";
import { TicketTags } from "./ticket-tags";
import { TicketTimeline } from "./ticket-timeline";
import { TicketWorkBar } from "./ticket-work-bar";
import { useActivityRefresh } from "./use-activity-refresh";
import { useTicketPageShortcuts } from "./use-ticket-shortcuts";
import { useTicketSnapshot } from "./use-ticket-snapshot";

/** The ticket page's live part: header, work bar, refunds and disputes, thread and composers. */
export function TicketThread({
  initial,
  meId,
  canControlRuns,
  canReply,
  canActForCustomer,
  canResolveDisputes,
  canDownloadReceipts,
  activity,
}: {
  initial: ConversationThreadSnapshot;
  meId: string;
  canControlRuns: boolean;
  canReply: boolean;
  /** The admin's "staff may act for a customer" setting, for a role that may reply. */
  canActForCustomer: boolean;
  canResolveDisputes: boolean;
  /** The billing team's: a refund's receipt holds the audit events it rests on. */
  canDownloadReceipts: boolean;
  /** The ticket's story in sentences, rendered on the server from its audit events. */
  activity: ReactNode;
}) {
  const { snapshot, active, changed } = useTicketSnapshot(initial);
  useActivityRefresh(snapshot);
  const { composer, assignee, shortcutStatus } = useTicketPageShortcuts({
    conversationId: initial.conversation.id,
    enabled: canReply,
    onChanged: changed,
  });

  const { conversation } = snapshot;
  return (
    <div className="space-y-6">
      <header className="space-y-2">
        <TicketSummary conversation={conversation} totals={snapshot.totals} />
        {conversation.needsPerson ? <NeedsPersonNotice flag={conversation.needsPerson} /> : null}
        <section aria-label="SLA" className="flex flex-wrap items-start justify-between gap-3">
          <SlaTimer sla={snapshot.sla} />
          {canReply ? (
            <SlaPauseControl
              conversationId={conversation.id}
              sla={snapshot.sla}
              onChanged={changed}
            />
          ) : null}
        </section>
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
        <TicketTags conversationId={conversation.id} canEdit={canReply} />
        <p role="status" className="text-sm text-slate-700">
          {shortcutStatus}
        </p>
      </header>

      {/*
        The refund card comes first so a phone shows what is at stake before the long thread,
        and the activity last. On wide screens the thread spans both rows of the left column and
        the activity sits under the refunds; its row takes what the refunds leave.
      */}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:grid-rows-[auto_1fr]">
        <TicketSidePanel
          actions={snapshot.actions}
          disputes={snapshot.disputes}
          canResolveDisputes={canResolveDisputes}
          canDownloadReceipts={canDownloadReceipts}
          onChanged={changed}
        />
        <section
          aria-labelledby="thread-heading"
          className="min-w-0 space-y-3 lg:col-start-1 lg:row-span-2 lg:row-start-1"
        >
          <TicketTimeline
            timeline={snapshot.timeline}
            canControlRuns={canControlRuns}
            onChanged={changed}
          />
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
        <div className="min-w-0 lg:col-start-2 lg:row-start-2 lg:self-start">{activity}</div>
      </div>
    </div>
  );
}
