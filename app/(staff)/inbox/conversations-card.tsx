import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { inboxHref } from "@/lib/client/inbox-href";
import type { InboxPage, InboxQuery } from "@/lib/server/services/inbox/list-inbox";
import { ConversationTable } from "./conversation-table";
import { InboxFilters } from "./inbox-filters";
import { InboxPager } from "./inbox-pager";
import { StatusFilterNav } from "./status-filter-nav";

/** The conversation list with its search, status filters and paging. */
export function ConversationsCard({
  query,
  page,
  now,
  tagSuggestions,
}: {
  query: InboxQuery;
  page: InboxPage;
  now: Date;
  tagSuggestions: string[];
}) {
  return (
    <Card>
      <CardHeader
        title="Conversations"
        description={
          <>
            Chats and emails the AI agent is handling, in the order chosen below. Keys:{" "}
            <kbd className="font-mono">j</kbd>/<kbd className="font-mono">k</kbd> move,{" "}
            <kbd className="font-mono">Enter</kbd> opens, <kbd className="font-mono">/</kbd>{" "}
            searches.
          </>
        }
      />
      <div className="space-y-4 border-b border-slate-200 px-4 py-4 sm:px-6">
        <InboxFilters
          q={query.q ?? ""}
          channel={query.channel ?? ""}
          sla={query.sla ?? ""}
          statuses={query.status}
          assignee={query.assignee ?? ""}
          sort={query.sort}
          tags={query.tag}
          tagSuggestions={tagSuggestions}
        />
        <StatusFilterNav query={query} counts={page.statusCounts} />
      </div>

      {page.conversations.length > 0 ? (
        <>
          <ConversationTable conversations={page.conversations} now={now} />
          <InboxPager
            sort={query.sort}
            previousHref={
              page.previousCursor ? inboxHref(query, { before: page.previousCursor }) : null
            }
            nextHref={page.nextCursor ? inboxHref(query, { after: page.nextCursor }) : null}
          />
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
  );
}
