import type { Metadata } from "next";
import { Card, CardHeader } from "@/components/ui/card";
import { can } from "@/lib/domain/authz";
import { requireStaffPage } from "@/lib/server/auth/session";
import { appContext } from "@/lib/server/process/app-context";
import {
  inboxQuerySchema,
  listEmailSenders,
  listInbox,
} from "@/lib/server/services/inbox/list-inbox";
import {
  countWorkQueueItems,
  listWorkQueue,
  workQueueSchema,
} from "@/lib/server/services/queues/list-work-queue";
import {
  listSavedViews,
  savedViewFilterOf,
} from "@/lib/server/services/saved-views/list-saved-views";
import { countSlaAlerts } from "@/lib/server/services/sla/count-sla-alerts";
import { listWorkspaceTags } from "@/lib/server/services/tags/list-workspace-tags";
import { namedStaffWorkspaces } from "@/lib/server/services/workspaces/staff-workspaces";
import { ConversationsCard } from "./conversations-card";
import { InboxLiveRefresh } from "./inbox-live-refresh";
import { InsightFilterNotice } from "./insight-filter-notice";
import { NewEmailDialog } from "./new-email-dialog";
import { OrderTable } from "./order-table";
import { SavedViewPanel } from "./saved-view-panel";
import { SlaAlertLinks } from "./sla-alert-links";
import { StartStoryMenu } from "./start-story-menu";
import { storyChoices } from "./story-choices";
import { WorkQueueNav } from "./work-queue-nav";
import { WorkQueueView } from "./work-queue-view";

export const metadata: Metadata = { title: "Inbox" };

type SearchParams = Record<string, string | string[] | undefined>;

export default async function InboxPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const session = await requireStaffPage("tickets.read");
  const roles = [session.user.role];
  const { queue: queueParam, view: viewParam, ...params } = await searchParams;
  const parsed = inboxQuerySchema.safeParse(params);
  // A stale or hand-edited link falls back to the full inbox rather than an error page.
  const query = parsed.success ? parsed.data : inboxQuerySchema.parse({});
  const queue = workQueueSchema.safeParse(queueParam).data;
  const context = appContext();
  const [page, senders, queueCounts, queuePage, slaCounts, views, tags, workspaces] =
    await Promise.all([
      listInbox({ ...query, staffUserId: session.user.id }, context),
      listEmailSenders({ staffUserId: session.user.id }, context),
      countWorkQueueItems({ staffUserId: session.user.id }, context),
      queue ? listWorkQueue({ queue, staffUserId: session.user.id }, context) : null,
      countSlaAlerts({ staffUserId: session.user.id }, context),
      listSavedViews({ staff: session.user }, context),
      listWorkspaceTags({ staffUserId: session.user.id }, context),
      namedStaffWorkspaces(context.db, session.user.id),
    ]);
  const currentView = views.find((view) => view.id === viewParam) ?? null;

  return (
    <div className="space-y-6">
      <InboxLiveRefresh />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold tracking-tight">Inbox</h1>
        {can(roles, "stories.start") ? (
          <div className="flex flex-wrap items-start gap-2">
            <NewEmailDialog customers={senders} />
            <StartStoryMenu stories={storyChoices(senders)} />
          </div>
        ) : null}
      </div>

      {parsed.success ? null : (
        <p role="status" className="rounded-md bg-amber-50 px-4 py-2 text-sm text-amber-900">
          That link&apos;s filters were not understood, so the whole inbox is shown.
        </p>
      )}

      {page.insight ? <InsightFilterNotice insight={page.insight} /> : null}

      <WorkQueueNav
        counts={queueCounts}
        current={queue}
        views={views}
        currentView={currentView?.id}
      />
      <SlaAlertLinks counts={slaCounts} current={query.sla} />

      {currentView || (page.filtered && !page.insight) ? (
        <SavedViewPanel
          key={currentView?.id ?? "new"}
          filter={savedViewFilterOf(query)}
          current={currentView}
          workspaces={workspaces}
        />
      ) : null}

      {queuePage ? (
        <WorkQueueView
          page={queuePage}
          canReconcile={can(roles, "refunds.reconcile")}
          canResolveDisputes={can(roles, "disputes.resolve")}
          now={new Date()}
        />
      ) : null}

      <ConversationsCard
        query={query}
        page={page}
        now={new Date()}
        tagSuggestions={tags.map((tag) => tag.name)}
      />

      {page.orders.length > 0 ? (
        <Card>
          <CardHeader
            title="Customer orders"
            description="The orders the agent can act on when their customers get in touch."
          />
          <OrderTable orders={page.orders} />
        </Card>
      ) : null}
    </div>
  );
}
