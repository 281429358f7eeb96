import Link from "next/link";
import { Card, CardHeader } from "@/components/ui/card";
import type { WorkQueuePage } from "@/lib/server/services/queues/list-work-queue";
import { DisputesTable } from "./disputes-table";
import { NeedsPersonTable } from "./needs-person-table";
import { QUEUE_HELP, QUEUE_TITLES } from "./queue-titles";
import { RefundQueueTable } from "./refund-queue-table";

/** One work queue as a table; every row links to its ticket and its customer. */
export function WorkQueueView({
  page,
  canReconcile,
  canResolveDisputes,
  now,
}: {
  page: WorkQueuePage;
  canReconcile: boolean;
  canResolveDisputes: boolean;
  now: Date;
}) {
  const title = QUEUE_TITLES[page.queue];
  return (
    <Card>
      <CardHeader
        title={title}
        description={
          <Link href="/inbox" className="text-blue-800 underline">
            Back to all conversations
          </Link>
        }
      />
      <div className="space-y-3">
        <p className="px-4 pt-4 text-sm text-slate-700 sm:px-6">{QUEUE_HELP[page.queue]}</p>
        {page.queue === "needs_person" ? (
          <NeedsPersonTable title={title} page={page} now={now} />
        ) : page.queue === "disputes" ? (
          <DisputesTable title={title} page={page} canResolveDisputes={canResolveDisputes} />
        ) : (
          <RefundQueueTable title={title} page={page} canReconcile={canReconcile} />
        )}
      </div>
    </Card>
  );
}
