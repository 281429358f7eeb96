import Link from "next/link";
import type { InboxPage } from "@/lib/server/services/inbox/list-inbox";

/** Says the list shows only the conversations behind one /insights figure, with ways out. */
export function InsightFilterNotice({ insight }: { insight: NonNullable<InboxPage["insight"]> }) {
  const count = insight.conversationIds.length;
  return (
    <p
      role="status"
      className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md bg-blue-50 px-4 py-2 text-sm text-blue-950"
      data-testid="insight-filter"
    >
      <span>
        Showing the {count} conversation
        {count === 1 ? "" : "s"} behind “{insight.label}”, {insight.fromDate} to {insight.toDate}.
      </span>
      <Link
        href={`/insights?from=${insight.fromDate}&to=${insight.toDate}`}
        className="text-blue-800 underline"
      >
        Back to insights
      </Link>
      <Link href="/inbox" className="text-blue-800 underline">
        Show all conversations
      </Link>
    </p>
  );
}
