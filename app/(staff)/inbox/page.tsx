import type { Metadata } from "next";
import Link from "next/link";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { can } from "@/lib/domain/authz";
import { addCappedCounts } from "@/lib/domain/capped-count";
import type { ConversationStatus } from "@/lib/generated/prisma/enums";
import { requireStaffPage } from "@/lib/server/auth/session";
import { appContext } from "@/lib/server/process/app-context";
import {
  type InboxQuery,
  inboxQuerySchema,
  listEmailSenders,
  listInbox,
} from "@/lib/server/services/inbox/list-inbox";
import { DEMO_STORIES } from "@/lib/server/services/intake/demo-stories";
import {
  countWorkQueueItems,
  listWorkQueue,
  WORK_QUEUES,
  workQueueSchema,
} from "@/lib/server/services/queues/list-work-queue";
import { ConversationTable } from "./conversation-table";
import { CountLabel } from "./count-label";
import { InboxFilters } from "./inbox-filters";
import { InboxLiveRefresh } from "./inbox-live-refresh";
import { NewEmailDialog } from "./new-email-dialog";
import { OrderTable } from "./order-table";
import { StartStoryMenu, type StoryChoice } from "./start-story-menu";
import { QUEUE_TITLES, WorkQueueView } from "./work-queue-view";

export const metadata: Metadata = { title: "Inbox" };

type SearchParams = Record<string, string | string[] | undefined>;

const STATUS_FILTERS: { status: ConversationStatus; label: string }[] = [
  { status: "needs_approval", label: "Needs approval" },
  { status: "agent_working", label: "Agent working" },
  { status: "waiting_on_customer", label: "Waiting on customer" },
  { status: "needs_reconciliation", label: "Needs reconciliation" },
  { status: "failed", label: "Failed" },
  { status: "resolved", label: "Resolved" },
];

function inboxHref(
  query: InboxQuery,
  change: Partial<Record<"status" | "after" | "before", string | null>>,
) {
  const params = new URLSearchParams();
  const statuses =
    change.status === undefined ? query.status : change.status ? [change.status] : [];
  for (const status of statuses) params.append("status", status);
  if (query.channel) params.set("channel", query.channel);
  if (query.q) params.set("q", query.q);
  if (query.insight) {
    params.set("insight", query.insight);
    if (query.from) params.set("from", query.from);
    if (query.to) params.set("to", query.to);
  }
  if (change.after) params.set("after", change.after);
  if (change.before) params.set("before", change.before);
  const text = params.toString();
  return text ? `/inbox?${text}` : "/inbox";
}

export default async function InboxPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const session = await requireStaffPage("tickets.read");
  const { queue: queueParam, ...params } = await searchParams;
  const parsed = inboxQuerySchema.safeParse(params);
  // A stale or hand-edited link falls back to the full inbox rather than an error page.
  const query = parsed.success ? parsed.data : inboxQuerySchema.parse({});
  const queue = workQueueSchema.safeParse(queueParam).data;
  const context = appContext();
  const [page, senders, queueCounts, queuePage] = await Promise.all([
    listInbox(query, context),
    listEmailSenders({}, context),
    countWorkQueueItems({}, context),
    queue ? listWorkQueue({ queue }, context) : null,
  ]);
  const now = new Date();
  const canStart = can([session.user.role], "stories.start");
  const total = addCappedCounts(Object.values(page.statusCounts));

  const customerNames = new Map(senders.map((customer) => [customer.email, customer.name]));
  const stories: StoryChoice[] = DEMO_STORIES.map((story) => ({
    key: story.key,
    number: story.number,
    title: story.title,
    channel: story.channel,
    customerName: customerNames.get(story.customerEmail) ?? story.customerEmail,
    expected: story.expected,
    terminalCommand: story.terminalCommand ?? null,
  }));

  return (
    <div className="space-y-6">
      <InboxLiveRefresh />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold tracking-tight">Inbox</h1>
        {canStart ? (
          <div className="flex flex-wrap items-start gap-2">
            <NewEmailDialog customers={senders} />
            <StartStoryMenu stories={stories} />
          </div>
        ) : null}
      </div>

      {parsed.success ? null : (
        <p role="status" className="rounded-md bg-amber-50 px-4 py-2 text-sm text-amber-900">
          That link&apos;s filters were not understood, so the whole inbox is shown.
        </p>
      )}

      {page.insight ? (
        <p
          role="status"
          className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md bg-blue-50 px-4 py-2 text-sm text-blue-950"
          data-testid="insight-filter"
        >
          <span>
            Showing the {page.insight.conversationIds.length} conversation
            {page.insight.conversationIds.length === 1 ? "" : "s"} behind “{page.insight.label}”,{" "}
            {page.insight.fromDate} to {page.insight.toDate}.
          </span>
          <Link
            href={`/insights?from=${page.insight.fromDate}&to=${page.insight.toDate}`}
            className="text-blue-800 underline"
          >
            Back to insights
          </Link>
          <Link href="/inbox" className="text-blue-800 underline">
            Show all conversations
          </Link>
        </p>
      ) : null}

      <nav aria-label="Work queues">
        <ul className="flex flex-wrap gap-2">
          {WORK_QUEUES.map((name) => (
            <li key={name}>
              <StatusLink href={`/inbox?queue=${name}`} current={queue === name}>
                {QUEUE_TITLES[name]}{" "}
                <span className="tabular-nums" data-testid={`queue-count-${name}`}>
                  ({queueCounts[name]})
                </span>
              </StatusLink>
            </li>
          ))}
        </ul>
      </nav>

      {queuePage ? (
        <Card>
          <CardHeader
            title={QUEUE_TITLES[queuePage.queue]}
            description={
              <Link href="/inbox" className="text-blue-800 underline">
                Back to all conversations
              </Link>
            }
          />
          <WorkQueueView
            page={queuePage}
            canReconcile={can([session.user.role], "refunds.reconcile")}
            canResolveDisputes={can([session.user.role], "disputes.resolve")}
          />
        </Card>
      ) : null}

      <Card>
        <CardHeader
          title="Conversations"
          description={
            <>
              Chats and emails the AI agent is handling, most recent activity first. Keys:{" "}
              <kbd className="font-mono">j</kbd>/<kbd className="font-mono">k</kbd> move,{" "}
              <kbd className="font-mono">Enter</kbd> opens, <kbd className="font-mono">/</kbd>{" "}
              searches.
            </>
          }
        />
        <div className="space-y-4 border-b border-slate-200 px-4 py-4 sm:px-6">
          <InboxFilters q={query.q ?? ""} channel={query.channel ?? ""} statuses={query.status} />
          <nav aria-label="Filter by status">
            <ul className="flex flex-wrap gap-2">
              <li>
                <StatusLink
                  href={inboxHref(query, { status: null })}
                  current={query.status.length === 0}
                >
                  All <CountLabel value={total} />
                </StatusLink>
              </li>
              {STATUS_FILTERS.map(({ status, label }) => (
                <li key={status}>
                  <StatusLink
                    href={inboxHref(query, { status })}
                    current={query.status.length === 1 && query.status[0] === status}
                  >
                    {label} <CountLabel value={page.statusCounts[status]} />
                  </StatusLink>
                </li>
              ))}
            </ul>
          </nav>
        </div>

        {page.conversations.length > 0 ? (
          <>
            <ConversationTable conversations={page.conversations} now={now} />
            {page.newerCursor || page.olderCursor ? (
              <nav aria-label="Pages" className="flex justify-between gap-3 px-4 py-3 sm:px-6">
                <PageLink
                  href={page.newerCursor ? inboxHref(query, { before: page.newerCursor }) : null}
                >
                  <span aria-hidden="true">←</span> Newer
                </PageLink>
                <PageLink
                  href={page.olderCursor ? inboxHref(query, { after: page.olderCursor }) : null}
                >
                  Older <span aria-hidden="true">→</span>
                </PageLink>
              </nav>
            ) : null}
          </>
        ) : (
          <CardBody>
            <p className="max-w-prose text-sm text-slate-700">
              {page.filtered
                ? "No conversation matches these filters."
                : "No conversations yet. When a customer writes in through the chat widget or by email, the conversation appears here with the agent's progress, the amount at stake and anything waiting for approval."}
            </p>
          </CardBody>
        )}
      </Card>

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

function StatusLink({
  href,
  current,
  children,
}: {
  href: string;
  current: boolean;
  children: React.ReactNode;
}) {
  return (
    <Link
      href={href}
      aria-current={current ? "true" : undefined}
      className={`inline-flex min-h-9 items-center gap-1 rounded-full px-3 text-sm font-medium ring-1 ring-inset ${
        current
          ? "bg-slate-900 text-white ring-slate-900"
          : "bg-white text-slate-800 ring-slate-300 hover:bg-slate-100"
      }`}
    >
      {children}
    </Link>
  );
}

function PageLink({ href, children }: { href: string | null; children: React.ReactNode }) {
  const className = "inline-flex min-h-10 items-center gap-1 rounded-md px-3 text-sm font-medium";
  if (!href) {
    return (
      <span className={`${className} text-slate-500`} aria-disabled="true">
        {children}
      </span>
    );
  }
  return (
    <Link href={href} className={`${className} text-blue-800 hover:bg-slate-100`}>
      {children}
    </Link>
  );
}
